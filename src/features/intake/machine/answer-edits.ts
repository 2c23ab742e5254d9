import type { ChatText } from '../flow/chat-language'
import type { CheckedFlow } from '../flow/flow.schema'
import { answered, isQuestion, keepPathAnswers } from './answer-path'
import { closePanel, update } from './context-updates'
import type { AnyIntakeEvent, IntakeContext } from './intake-types'
import { sequenceState } from './sequence'
import type { StateConfig, Timing, TransitionConfig } from './state-config'

/** The state the chat passes through after a changed answer, to find where it goes on. */
export const returnStateKey = '__return'

const stepTarget = (id: string) => `#intake.${id}`

/** The question's short name ({{step}}), as the flow gives it. */
function questionLabel(flow: CheckedFlow, stepId: string): string {
  const step = flow.steps.find((s) => s.id === stepId)
  return (step && isQuestion(step) ? step.label : undefined) ?? ''
}

/** The text of the button that changes a step's answer. */
export function editText(flow: CheckedFlow, stepId: string): ChatText {
  return { text: flow.chat.edit, values: { step: questionLabel(flow, stepId) }, textValues: ['step'] }
}

/** What the chat says after a changed answer; an option chosen is shown in the visitor's language, typed answers as typed. */
function changeText(flow: CheckedFlow, context: IntakeContext): ChatText {
  const { stepId = '', from = '', to = '' } = context.changed ?? {}
  const chosen = flow.steps.find((step) => step.id === stepId)?.type === 'options'
  return { text: flow.chat.changed, values: { step: questionLabel(flow, stepId), from, to }, textValues: chosen ? ['step', 'from', 'to'] : ['step'] }
}

/**
 * The way on to another step: straight there, or, when the visitor changed an answer or the step
 * already has one, through the return state, which passes every step that keeps its answer.
 */
export function goTo(id: string, actions: unknown[] = []): TransitionConfig[] {
  return [
    { guard: { type: 'answersChanged', params: { stepId: id } }, target: stepTarget(returnStateKey), actions },
    { target: stepTarget(id), actions },
  ]
}

/** `answer.edit` in a state of step `at` (or anywhere, without `at`): asks the chosen step again. */
export function editTransitions(flow: CheckedFlow, at?: string): Record<string, TransitionConfig[]> {
  const transitions = flow.steps
    .filter((step) => isQuestion(step) && step.id !== at)
    .map((step) => ({
      guard: { type: 'answerEditable', params: { stepId: step.id, at } },
      target: stepTarget(step.id),
      actions: [closePanel],
    }))
  return { 'answer.edit': transitions }
}

/**
 * Keeps the answer of `stepId` as the chat showed it, notes a change for the chat to mention (unless
 * `quiet`), and forgets the answers of steps no longer on the path.
 */
export function noteAnswer(flow: CheckedFlow, stepId: string, shown: (context: IntakeContext, event: AnyIntakeEvent) => string, quiet = false) {
  return update((context, event) => {
    const to = shown(context, event)
    const from = context.stepAnswers[stepId]
    const changed = !quiet && from !== undefined && from !== to ? { stepId, from, to } : context.changed
    return { ...keepPathAnswers(flow, { answers: context.answers, stepAnswers: { ...context.stepAnswers, [stepId]: to } }), changed }
  })
}

/** Prefills a form asked again with the answers given before. */
export function formValues(context: IntakeContext, stepId: string, fieldIds: string[]): { values?: Record<string, string> } {
  if (!answered(context, stepId)) return {}
  return { values: Object.fromEntries(fieldIds.map((id) => [id, context.answers[id as keyof IntakeContext['answers']]])) }
}

/** Says what changed (with the typing indicator), then goes on at the first step of the path the visitor has not been through. */
export function returnState(flow: CheckedFlow, timing: Timing): StateConfig {
  const said = { kind: 'say' as const, text: (context: IntakeContext) => changeText(flow, context), typing: true, extras: {} }
  return {
    initial: 'route',
    states: {
      route: {
        always: [
          { guard: 'changeUnsaid', target: 'announce' },
          ...flow.steps.map((step) => ({ guard: { type: 'resumesAt', params: { stepId: step.id } }, target: stepTarget(step.id) })),
        ],
      },
      announce: {
        ...sequenceState([said], { target: 'route', actions: [update(() => ({ changed: null }))] }, timing, flow),
        on: editTransitions(flow),
      },
    },
  }
}
