import type { CheckedFlow, FlowStep } from '@/features/intake/flow/flow.schema'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import type { NoticeRecord } from '@/lib/notice-record'

/** The form that asks for name and phone: the one the privacy notice and the marketing opt-in sit on. */
export const asksContact = (step: FlowStep) => step.type === 'form' && ['name', 'phone'].every((id) => step.fields.some((field) => field.id === id))

/** The retention numbers of the flow's notice, as its placeholders are filled. */
export function retentionValues(flow: CheckedFlow): Record<string, string> {
  return Object.fromEntries(Object.entries(flow.notice.retention).map(([name, days]) => [name, String(days)]))
}

/** The short notice as a visitor in `shown`'s language reads it, with the brand's phone `phone`. */
export function noticeSummary(flow: CheckedFlow, shown: CheckedFlow, phone: string): string {
  return renderTemplate(shown.notice.summary, { ...retentionValues(flow), business_phone: phone })
}

/** What a lead must record of the notice: the flow's version, the language and time it was accepted in, and the opt-in. */
export function expectedNotice(flow: CheckedFlow, language: string, seenAt: string, marketing: boolean): NoticeRecord {
  return { notice_version: flow.notice.version, notice_language: language, notice_seen_at: seenAt, whatsapp_marketing: marketing }
}
