import { defaultFlowFile, loadFlowFile, problemReport } from './flow-files'

/** `npm run flow:check [file]`: prints every problem as `file:line:col message` and exits 1, or says the flow is fine. */
function main(): number {
  const file = process.argv[2] ?? defaultFlowFile
  try {
    const result = loadFlowFile(file)
    if (!result.ok) {
      console.error(problemReport(result))
      console.error(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${file}`)
      return 1
    }
    console.log(`${file}: OK (${result.flow.steps.length} steps)`)
    return 0
  } catch (error) {
    console.error(`${file}:1:1 flow:check could not check this file: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

process.exitCode = main()
