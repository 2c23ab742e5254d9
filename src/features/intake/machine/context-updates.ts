import { assign } from 'xstate'
import type { ChatText } from '../flow/chat-language'
import type { Flow } from '../flow/flow.schema'
import type { AnswerField } from '../flow/flow-vocabulary'
import { renderTemplate, usedPlaceholders } from '../flow/placeholders'
import type { AnyIntakeEvent, ChatMessage, IntakeContext } from './intake-types'

type Patch = (context: IntakeContext, event: AnyIntakeEvent) => Partial<IntakeContext>

/** An assign action from a plain function of context and event. */
export function update(patch: Patch) {
  return assign(({ context, event }: { context: IntakeContext; event: AnyIntakeEvent }) => patch(context, event))
}

export function templateValues(context: IntakeContext): Record<string, string> {
  const { booking } = context
  return { ...context.answers, date: booking?.date ?? '', time: booking?.time ?? '', manage_link: booking?.manageLink ?? '' }
}

export function render(template: string, context: IntakeContext): string {
  return renderTemplate(template, templateValues(context))
}

const optionAnswers = new WeakMap<Flow, Set<string>>()

/** The answers the flow records from options: a text naming one shows it in the visitor's language. */
function optionAnswerFields(flow: Flow): Set<string> {
  let fields = optionAnswers.get(flow)
  if (!fields) {
    fields = new Set(flow.steps.flatMap((step) => (step.type === 'options' && step.answer ? [step.answer] : [])))
    optionAnswers.set(flow, fields)
  }
  return fields
}

/** A text of the flow as the chat says it now: with the values of the placeholders it uses. */
export function flowText(flow: Flow, text: string, context: IntakeContext): ChatText {
  const used = usedPlaceholders(text)
  if (used.length === 0) return { text }
  const values = templateValues(context)
  const textValues = used.filter((name) => optionAnswerFields(flow).has(name))
  const slotDay = used.includes('date') ? context.booking?.day : undefined
  return {
    text,
    values: Object.fromEntries(used.map((name) => [name, values[name] ?? ''])),
    ...(textValues.length > 0 ? { textValues } : {}),
    ...(slotDay === undefined ? {} : { slotDay }),
  }
}

/** A text of the flow, said with the chat's answers at the time. */
export function template(flow: Flow) {
  return (text: string) => (context: IntakeContext) => flowText(flow, text, context)
}

function appended(context: IntakeContext, message: Omit<ChatMessage, 'id' | 'timestamp'>): ChatMessage[] {
  const id = `m${context.transcript.length + 1}`
  return [...context.transcript, { id, timestamp: new Date().toISOString(), ...message }]
}

export type BotExtras = Pick<ChatMessage, 'options' | 'stepId' | 'optionsStayOpen'>

export function postBot(text: (context: IntakeContext) => ChatText, extras: BotExtras) {
  return update((context) => ({
    transcript: appended(context, { type: 'bot', text: text(context), ...extras }),
  }))
}

export function postUser(text: (context: IntakeContext) => ChatText, stepId: string) {
  return update((context) => ({ transcript: appended(context, { type: 'user', text: text(context), stepId }) }))
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
