import type { Brand } from '@/lib/brand.schema'
import secondBrandSource from '../../brand/fixtures/moti/brand.yaml?raw'
import { parseBrand } from '../../flow-tools/brand/parse-brand'
import { formatProblem } from '../../flow-tools/flow-problem'

/** A brand file's brand, as brand:check reads it, failing loudly with its messages. */
function brandForTest(source: string, file: string): Brand {
  const result = parseBrand(source, file)
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.brand
}

/** The second jeweller's brand (`secondBrandFile`), which the `second-brand` test project builds the app with. */
export const secondBrand = brandForTest(secondBrandSource, 'brand/fixtures/moti/brand.yaml')
