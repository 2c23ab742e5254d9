import source from '@flows/consultation.flow.yaml?raw'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { consultationFlowFile } from '../../../flow-tools/flow-files'
import { formatProblem } from '../../../flow-tools/flow-problem'
import { loadFlow } from '../../../flow-tools/load-flow'

/** The consultation flow the tests run: the shipped file, or the editor guard's copy (the flow plugin resolves the import to it). */
export const consultationSource: string = source
export const consultationFile = consultationFlowFile

/** Loads flow YAML for a test, failing loudly with flow:check's messages. */
export function loadFlowForTest(yaml: string, file: string): CheckedFlow {
  const result = loadFlow(yaml, file)
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.flow
}

export const consultationFlow = loadFlowForTest(consultationSource, consultationFile)
