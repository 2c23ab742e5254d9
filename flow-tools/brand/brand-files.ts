import type { Brand } from '../../src/lib/brand.schema.ts'
import { problemReport } from '../flow-files.ts'
import type { FlowProblem } from '../flow-problem.ts'
import { readSource } from '../read-source.ts'
import { readLogo, type BrandLogo } from './brand-logo.ts'
import { parseBrand } from './parse-brand.ts'

export const defaultBrandFile = 'brand/brand.yaml'

/** Another jeweller's brand, every field unlike the shipped one's: tests build and render the app with it. */
export const secondBrandFile = 'brand/fixtures/moti/brand.yaml'

/** A brand file that passed every check, with its logo's bytes. */
export interface CheckedBrand {
  ok: true
  brand: Brand
  logo: BrandLogo
}

export type BrandResult = CheckedBrand | { ok: false; problems: FlowProblem[] }

/** The brand the app is built with: the file BRAND_FILE names (another jeweller's, a test's), else the shipped one. */
export function brandFileFromEnvironment(): string {
  return process.env.BRAND_FILE || defaultBrandFile
}

/** Reads and checks a brand file and the logo beside it; a missing or unreadable file is a problem like any other. */
export function loadBrandFile(file: string): BrandResult {
  const read = readSource(file)
  if (!read.ok) return read
  const parsed = parseBrand(read.source, file)
  if (!parsed.ok) return parsed
  const logo = readLogo(file, parsed.brand.logo, parsed.locator)
  return logo.ok ? { ok: true, brand: parsed.brand, logo: logo.logo } : logo
}

/** The brand the app is built with, checked; for tests and scripts that read what it shows. */
export function builtBrand(): CheckedBrand {
  const result = loadBrandFile(brandFileFromEnvironment())
  if (!result.ok) throw new Error(problemReport(result))
  return result
}
