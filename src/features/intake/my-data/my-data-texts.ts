import flow from '@flows/consultation.flow.yaml'
import { inIst, istDateKey } from '@/lib/dayjs'
import { leadFields, type LeadFieldName } from '@/lib/lead-fields'
import { formatRupees } from '@/lib/rupees'
import { slotDate, translate, visitorLocale, type ChatLanguage } from '../flow/chat-language'
import type { FlowStep } from '../flow/flow.schema'
import { renderTemplate } from '../flow/placeholders'

export type MyDataTextKey = keyof typeof flow.notice.my_data

/** The page's texts from the flow, and the header's tagline. */
export const myDataFlowTexts = { tagline: flow.chat.tagline, page: flow.notice.my_data }

/** A text of the page in `language`, its placeholders filled with `values`. */
export function myDataText(language: ChatLanguage, key: MyDataTextKey, values: Record<string, string> = {}): string {
  return renderTemplate(translate(language, myDataFlowTexts.page[key]), values)
}

/** A date (YYYY-MM-DD) or a moment's IST date as a visitor in `language` reads it. */
export function shownDate(dateOrMoment: string, language: ChatLanguage): string {
  return slotDate(/^\d{4}-\d{2}-\d{2}$/.test(dateOrMoment) ? dateOrMoment : istDateKey(dateOrMoment), language.code)
}

/** Paise as a visitor in `language` reads rupees: lakh grouping, two decimals. */
export const shownRupees = (paise: number, language: ChatLanguage) => formatRupees(paise, visitorLocale(language.code))

/** A moment's IST date and time as a visitor in `language` reads them. */
export function shownDateTime(moment: string, language: ChatLanguage): string {
  return `${shownDate(moment, language)}, ${inIst(moment).format('h:mm A')}`
}

/** The lead fields a step of the chat fills, with the name the chat gives them. */
function stepFieldLabels(step: FlowStep): [string, string][] {
  if (step.type === 'form') return step.fields.map((field) => [field.id, field.label])
  if (step.type === 'options' && step.answer) return [[step.answer, step.label ?? step.answer]]
  if (step.type === 'upload') return [['reference_image', step.label ?? 'reference_image']]
  return []
}

const chatLabels = new Map(flow.steps.flatMap(stepFieldLabels))

/** A lead's field as the chat names it (a form field's or a question's label), in `language`. */
export function fieldLabel(field: LeadFieldName, language: ChatLanguage): string {
  return translate(language, chatLabels.get(field) ?? leadFields.find(({ name }) => name === field)?.label ?? field)
}

const stepLabels = new Map(flow.steps.map((step) => [step.id, 'label' in step && step.label ? step.label : step.id]))

/** A chat step as the chat names it, in `language`. */
export function stepLabel(stepId: string, language: ChatLanguage): string {
  return translate(language, stepLabels.get(stepId) ?? stepId)
}

/** A stored file's name, without its folder. */
export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** A quote's status, an order's stage or an advance's mode in the visitor's words; as stored for one this build has no words for. */
export function wordOf(kind: 'quote_status_' | 'order_stage_' | 'advance_mode_', value: string, language: ChatLanguage): string {
  const key = `${kind}${value}`
  return Object.hasOwn(myDataFlowTexts.page, key) ? myDataText(language, key as MyDataTextKey) : value
}
