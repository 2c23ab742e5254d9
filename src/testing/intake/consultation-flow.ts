import source from '@flows/consultation.flow.yaml?raw'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { formatProblem } from '../../../flow-tools/flow-problem'
import { loadFlow } from '../../../flow-tools/load-flow'

export const consultationSource: string = source
export const consultationFile = 'flows/consultation.flow.yaml'

/** Loads flow YAML for a test, failing loudly with flow:check's messages. */
export function loadFlowForTest(yaml: string, file: string): CheckedFlow {
  const result = loadFlow(yaml, file)
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  return result.flow
}

export const consultationFlow = loadFlowForTest(consultationSource, consultationFile)
