import type { LeadFieldName } from '../src/lib/lead-fields.ts'
import type { Flow, FlowMessage } from '../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../src/features/intake/flow/flow-options.ts'
import { placeholderNames, renderTemplate, textAroundPlaceholders } from '../src/features/intake/flow/placeholders.ts'
import { isQuestionStep, type QuestionStep } from './question-steps.ts'

/** The answers a flow can record for a lead field: the labels of the options of the steps that ask it, Skip options left out. */
export function answerOptions(flow: Flow, field: LeadFieldName): string[] {
  const labels = flow.steps.flatMap((step) =>
    step.type === 'options' && step.answer === field ? step.options.map(optionParts).filter((option) => !option.skip).map((option) => option.label) : [],
  )
  return [...new Set(labels)]
}

/** The link whose prefilled WhatsApp text the dashboard offers for following up an unfinished chat. */
export const followUpLink = 'follow_up'

/** The placeholders a follow-up text may use: the dashboard knows an unfinished chat's name and nothing it answered. */
export const followUpPlaceholders: readonly string[] = ['name']

const placeholderLabels = Object.fromEntries(placeholderNames.map((name) => [name, `[${name}]`]))

const messageText = (message: FlowMessage) => (typeof message === 'string' ? message : message.text)

/** A question's first bot message as plain text, its placeholders shown as `[name]`; '' for one that says nothing. */
function firstQuestion(step: QuestionStep): string {
  const said = step.say?.[0]
  return said === undefined ? '' : renderTemplate(messageText(said), placeholderLabels)
}

/** What the chat takes from the flow: all of it but the dashboard's own text, the follow-up message. */
export function chatFlow<F extends Flow>(flow: F): F {
  if (!flow.links?.[followUpLink]) return flow
  const links = Object.fromEntries(Object.entries(flow.links).filter(([name]) => name !== followUpLink))
  return { ...flow, links }
}

/** What the admin side takes from the flow (lib/consultation-facts.ts): nothing of the chat itself. */
export function consultationFacts(flow: Flow) {
  const followUp = flow.links?.[followUpLink]
  return {
    occasionOptions: answerOptions(flow, 'occasion'),
    flowSteps: flow.steps.filter(isQuestionStep).map((step) => ({ id: step.id, question: firstQuestion(step) })),
    followUpTextParts: followUp && 'whatsapp' in followUp ? textAroundPlaceholders(followUp.whatsapp) : null,
  }
}
