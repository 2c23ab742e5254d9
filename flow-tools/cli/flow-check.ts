import type { TranslationCoverage } from '../check-translation.ts'
import { translatableTexts } from '../translatable-texts.ts'
import { consultationFlowFile, loadFlowFile, loadTranslations, problemReport } from '../flow-files'

function coverageLine({ language, translated, total }: TranslationCoverage): string {
  const percent = total === 0 ? 100 : Math.floor((translated * 1000) / total) / 10
  return `  ${language}: ${translated} of ${total} texts (${percent}%)`
}

/**
 * `npm run flow:check [file] [--coverage]`: prints every problem of the flow file (by default the
 * consultation flow) and of its translations beside it as `file:line:col message` and exits 1, or says
 * the flow is fine; with --coverage also how many of the flow's texts each language translates from
 * their current English.
 */
function main(): number {
  const args = process.argv.slice(2)
  const coverage = args.includes('--coverage')
  const file = args.find((arg) => arg !== '--coverage') ?? consultationFlowFile
  try {
    const result = loadFlowFile(file)
    if (!result.ok) {
      console.error(problemReport(result))
      console.error(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${file}`)
      return 1
    }
    const translations = loadTranslations(file, result.flow)
    const problems = translations.flatMap((translation) => (translation.ok ? [] : translation.problems))
    if (coverage) {
      console.log(`Texts a visitor reads in ${file}, per language:`)
      console.log(`  en: ${translatableTexts(result.flow).length} texts (the flow file itself)`)
      for (const translation of translations) if (translation.coverage) console.log(coverageLine(translation.coverage))
    }
    if (problems.length > 0) {
      console.error(problemReport({ ok: false, problems }))
      console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the translations of ${file}`)
      return 1
    }
    const languages = translations.map((translation) => (translation.ok ? translation.language : '')).join(', ')
    console.log(`${file}: OK (${result.flow.steps.length} steps${languages ? `; translations: ${languages}` : ''})`)
    return 0
  } catch (error) {
    console.error(`${file}:1:1 flow:check could not check this file: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

process.exitCode = main()
