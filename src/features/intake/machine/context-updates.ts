import { assign } from 'xstate'
import type { AnswerField } from '../flow/flow-vocabulary'
import { renderTemplate } from '../flow/placeholders'
import type { AnyIntakeEvent, ChatMessage, IntakeContext } from './intake-types'

type Patch = (context: IntakeContext, event: AnyIntakeEvent) => Partial<IntakeContext>

/** An assign action from a plain function of context and event. */
export function update(patch: Patch) {
  return assign(({ context, event }: { context: IntakeContext; event: AnyIntakeEvent }) => patch(context, event))
}

export function templateValues(context: IntakeContext): Record<string, string> {
  return { ...context.answers, date: context.booking?.date ?? '', time: context.booking?.time ?? '' }
}

export function render(template: string, context: IntakeContext): string {
  return renderTemplate(template, templateValues(context))
}

/** A text of the flow, rendered with the chat's answers when it is shown. */
export function template(text: string) {
  return (context: IntakeContext) => render(text, context)
}

function appended(context: IntakeContext, message: Omit<ChatMessage, 'id' | 'timestamp'>): ChatMessage[] {
  const id = `m${context.transcript.length + 1}`
  return [...context.transcript, { id, timestamp: new Date().toISOString(), ...message }]
}

export type BotExtras = Pick<ChatMessage, 'options' | 'stepId' | 'optionsStayOpen'>

export function postBot(text: (context: IntakeContext) => string, extras: BotExtras) {
  return update((context) => ({
    transcript: appended(context, { type: 'bot', content: text(context), ...extras }),
  }))
}

export function postUser(text: (context: IntakeContext) => string, stepId: string) {
  return update((context) => ({ transcript: appended(context, { type: 'user', content: text(context), stepId }) }))
}

/** Changes the step's last message with options (its question as last asked), when `change` has something to change. */
function onLastQuestion(stepId: string, change: (message: ChatMessage, context: IntakeContext) => Partial<ChatMessage> | null) {
  return update((context) => {
    const index = context.transcript.findLastIndex((m) => m.type === 'bot' && m.stepId === stepId && m.options)
    const patch = index === -1 ? null : change(context.transcript[index] as ChatMessage, context)
    return patch ? { transcript: context.transcript.map((m, i) => (i === index ? { ...m, ...patch } : m)) } : {}
  })
}

/** Ticks the chosen option on the step's last message with options. */
export function tickOption(stepId: string, label: string) {
  return onLastQuestion(stepId, () => ({ selectedOption: label }))
}

/** Marks the answer being changed on the step's question asked again. */
export function markCurrentOption(stepId: string) {
  return onLastQuestion(stepId, (message, context) => {
    const current = context.stepAnswers[stepId]
    return current === undefined || message.selectedOption !== undefined ? null : { currentOption: current }
  })
}

export function recordAnswer(field: AnswerField, value: string) {
  return update((context) => ({ answers: { ...context.answers, [field]: value } }))
}

export const typingOn = update(() => ({ typing: true }))
export const typingOff = update(() => ({ typing: false }))
export const closePanel = update(() => ({ panel: { kind: 'none' } }))
