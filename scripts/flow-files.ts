import { readFileSync } from 'node:fs'
import { formatProblem } from '../src/features/intake/flow/flow-problem.ts'
import { loadFlow, type LoadResult } from '../src/features/intake/flow/load-flow.ts'

export const defaultFlowFile = 'flows/consultation.flow.yaml'

/** Reads and checks a flow file; a missing or unreadable file is a problem like any other. */
export function loadFlowFile(path: string): LoadResult {
  const file = path
  let source: string
  try {
    source = readFileSync(path, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read the file (${(error as Error).message})`
    return { ok: false, problems: [{ file, line: 1, col: 1, message: reason }] }
  }
  return loadFlow(source, file)
}

export function problemReport(result: LoadResult): string {
  return result.ok ? '' : result.problems.map(formatProblem).join('\n')
}
