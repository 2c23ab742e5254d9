import { brandSchema, type Brand } from '../../src/lib/brand.schema.ts'
import type { FlowProblem } from '../flow-problem.ts'
import type { YamlLocator } from '../yaml-locator.ts'
import { readYamlWithSchema } from '../yaml-schema.ts'
import { checkBrandContrast } from './brand-contrast.ts'

export type BrandParse = { ok: true; brand: Brand; locator: YamlLocator } | { ok: false; problems: FlowProblem[] }

const messages = {
  notAMapping: `a brand file must be a YAML mapping with ${Object.keys(brandSchema.shape).join(', ')}`,
}

/**
 * Parses a brand file's YAML and checks it against the brand schema and for readable colours: the
 * brand with the positions of its parts, or every problem with its `file:line:col`. Its logo is
 * checked where the file is read (brand-files.ts).
 */
export function parseBrand(source: string, file: string): BrandParse {
  const read = readYamlWithSchema(source, file, brandSchema, messages)
  if (!read.ok) return read
  const problems = checkBrandContrast(read.value.colours, read.locator, file)
  return problems.length > 0 ? { ok: false, problems } : { ok: true, brand: read.value, locator: read.locator }
}
