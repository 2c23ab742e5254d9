import type { FlowStep } from '../src/features/intake/flow/flow.schema.ts'

/**
 * The kinds of step that wait for the visitor's answer. The chat records these as shown and answered
 * (machine/compile-steps.ts), so they are the steps of the insights funnel.
 */
export const questionStepTypes = ['options', 'form', 'upload'] as const

export type QuestionStep = FlowStep & { type: (typeof questionStepTypes)[number] }

export function isQuestionStep(step: FlowStep): step is QuestionStep {
  return (questionStepTypes as readonly string[]).includes(step.type)
}
