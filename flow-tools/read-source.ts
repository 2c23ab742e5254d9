import { readFileSync } from 'node:fs'
import type { FlowProblem } from './flow-problem.ts'

export type SourceRead = { ok: true; source: string } | { ok: false; problems: FlowProblem[] }

/** An editor's file as text; a missing or unreadable file is a problem at its first line. */
export function readSource(file: string): SourceRead {
  try {
    return { ok: true, source: readFileSync(file, 'utf8') }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read the file (${(error as Error).message})`
    return { ok: false, problems: [{ file, line: 1, col: 1, message: reason }] }
  }
}
