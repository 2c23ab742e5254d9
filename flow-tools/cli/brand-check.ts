import { brandContrasts, minimumTextContrast, shownRatio } from '../brand/brand-contrast.ts'
import { brandFileFromEnvironment, loadBrandFile } from '../brand/brand-files.ts'
import { problemReport } from '../flow-files.ts'

/**
 * `npm run brand:check [file]`: prints every problem of the brand file (BRAND_FILE's, else
 * brand/brand.yaml) and its logo as `file:line:col message` and exits 1, or says the brand is fine,
 * with how well text reads on its colours.
 */
function main(): number {
  const file = process.argv[2] ?? brandFileFromEnvironment()
  try {
    const result = loadBrandFile(file)
    if (!result.ok) {
      console.error(problemReport(result))
      console.error(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${file}`)
      return 1
    }
    const contrasts = brandContrasts(result.brand.colours).map(({ colour, ratio }) => `${colour} ${shownRatio(ratio)}`)
    const logo = `${result.brand.logo}, ${(result.logo.bytes.length / 1024).toFixed(1)} KB`
    console.log(`${file}: OK (${result.brand.title}; logo ${logo}; text contrast ${contrasts.join(', ')}, at least ${minimumTextContrast}:1 needed)`)
    return 0
  } catch (error) {
    console.error(`${file}:1:1 brand:check could not check this file: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

process.exitCode = main()
