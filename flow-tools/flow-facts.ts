import { leadFields, type AnswerFieldName, type LeadFieldName } from '../src/lib/lead-fields.ts'
import type { Flow, FlowMessage } from '../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../src/features/intake/flow/flow-options.ts'
import { placeholderNames, renderTemplate, textAroundPlaceholders } from '../src/features/intake/flow/placeholders.ts'
import { flowLanguage } from '../src/features/intake/flow/chat-language.ts'
import { isQuestionStep, type QuestionStep } from './question-steps.ts'
import { targetsOf } from './step-targets.ts'

/** The steps from which the chat can still go on to save the lead. */
function stepsBeforeSave(flow: Flow): Set<string> {
  const reaching = new Set(flow.steps.filter((step) => step.type === 'save').map((step) => step.id))
  for (let grew = true; grew; ) {
    grew = false
    for (const step of flow.steps) {
      if (reaching.has(step.id) || !targetsOf(step, []).some((target) => reaching.has(target.id))) continue
      reaching.add(step.id)
      grew = true
    }
  }
  return reaching
}

/**
 * The answers a saved lead can hold for a field: the labels of the options of the steps that ask it,
 * in the flow's order, without Skip options and options after which no lead is saved (such as
 * choosing to chat on WhatsApp first).
 */
export function answerOptions(flow: Flow, field: LeadFieldName): string[] {
  const beforeSave = stepsBeforeSave(flow)
  const labels = flow.steps.flatMap((step) => {
    if (step.type !== 'options' || step.answer !== field) return []
    const saved = step.options.map(optionParts).filter((option) => !option.skip && beforeSave.has(option.next ?? step.next ?? ''))
    return saved.map((option) => option.label)
  })
  return [...new Set(labels)]
}

/** Each answer field's answers a saved lead can hold: what the dashboard's filters offer. */
function answerOptionsByField(flow: Flow): Record<AnswerFieldName, string[]> {
  const answerFields = leadFields.flatMap((field) => (field.kind === 'answer' ? [field.name] : []))
  return Object.fromEntries(answerFields.map((field) => [field, answerOptions(flow, field)])) as Record<AnswerFieldName, string[]>
}

/** The link whose prefilled WhatsApp text the dashboard offers for following up an unfinished chat. */
export const followUpLink = 'follow_up'

/** The placeholders a follow-up text may use: the dashboard knows an unfinished chat's name and nothing it answered. */
export const followUpPlaceholders: readonly string[] = ['name']

/** The link whose prefilled WhatsApp text the dashboard sends a visitor as the reminder of their appointment. */
export const reminderLink = 'reminder'

/** The placeholders a reminder may use: the lead's name, the appointment's date and time, the brand's name and phone. */
export const reminderPlaceholders: readonly string[] = ['name', 'date', 'time', 'business', 'business_phone']

/** The link whose prefilled WhatsApp text the dashboard sends a visitor with their one-time My data code. */
export const accessCodeLink = 'access_code'

/** The placeholders the access code message may use; it must use {{code}}. */
export const accessCodePlaceholders: readonly string[] = ['code', 'business', 'business_phone']

/** The link whose prefilled WhatsApp text the dashboard's quote builder sends a customer with their quote's link. */
export const quoteShareLink = 'quote_share'

/** The placeholders the quote message may use; it must use {{link}}. */
export const quoteSharePlaceholders: readonly string[] = ['name', 'link', 'business', 'business_phone']

/** The links only the dashboard opens, never the chat, each with the placeholders the dashboard fills. */
export const dashboardLinkPlaceholders: Readonly<Record<string, readonly string[]>> = {
  [followUpLink]: followUpPlaceholders,
  [reminderLink]: reminderPlaceholders,
  [accessCodeLink]: accessCodePlaceholders,
  [quoteShareLink]: quoteSharePlaceholders,
}
const dashboardLinks: readonly string[] = Object.keys(dashboardLinkPlaceholders)

const placeholderLabels = Object.fromEntries(placeholderNames.map((name) => [name, `[${name}]`]))

const messageText = (message: FlowMessage) => (typeof message === 'string' ? message : message.text)

/** A question's first bot message as plain text, its placeholders shown as `[name]`; '' for one that says nothing. */
function firstQuestion(step: QuestionStep): string {
  const said = step.say?.[0]
  return said === undefined ? '' : renderTemplate(messageText(said), placeholderLabels)
}

/** What the chat takes from the flow: all of it but the dashboard's own texts, the follow-up and reminder messages. */
export function chatFlow<F extends Flow>(flow: F): F {
  if (!dashboardLinks.some((name) => flow.links?.[name])) return flow
  const links = Object.fromEntries(Object.entries(flow.links ?? {}).filter(([name]) => !dashboardLinks.includes(name)))
  return { ...flow, links }
}

/**
 * A dashboard link's WhatsApp text (the reminder, the My data code) by language code: the flow's own
 * (English) and each translation's, a language without its own text taking the flow's. Null when
 * the flow has none.
 */
export function dashboardLinkTexts(
  flow: Flow,
  languages: readonly { code: string; texts: Readonly<Record<string, string>> }[],
  name: string,
): Record<string, string> | null {
  const link = flow.links?.[name]
  if (!link || !('whatsapp' in link)) return null
  const english = link.whatsapp
  return Object.fromEntries([[flowLanguage.code, english], ...languages.map(({ code, texts }) => [code, (Object.hasOwn(texts, english) ? texts[english] : undefined) ?? english])])
}

/** What the admin side takes from the flow (lib/consultation-facts.ts): nothing of the chat itself. */
export function consultationFacts(flow: Flow) {
  const followUp = flow.links?.[followUpLink]
  return {
    answerOptions: answerOptionsByField(flow),
    flowSteps: flow.steps.filter(isQuestionStep).map((step) => ({ id: step.id, question: firstQuestion(step) })),
    followUpTextParts: followUp && 'whatsapp' in followUp ? textAroundPlaceholders(followUp.whatsapp) : null,
  }
}
