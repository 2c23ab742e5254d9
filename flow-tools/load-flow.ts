import { checkFlow } from './check-flow.ts'
import { contentHash } from './content-hash.ts'
import type { CheckedFlow } from '../src/features/intake/flow/flow.schema.ts'
import type { FlowProblem } from './flow-problem.ts'
import { parseFlow } from './parse-flow.ts'

export type LoadResult = { ok: true; flow: CheckedFlow } | { ok: false; problems: FlowProblem[] }

/** Parses, validates and checks flow YAML: a flow ready to compile, or every problem with its position. */
export function loadFlow(source: string, file: string): LoadResult {
  const parsed = parseFlow(source, file)
  if (!parsed.ok) return parsed
  const problems = checkFlow(parsed.flow, parsed.locator, file)
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, flow: { ...parsed.flow, hash: contentHash(source) } }
}
