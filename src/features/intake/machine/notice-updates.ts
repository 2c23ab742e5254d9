import type { NoticeRecord } from '@/lib/notice-record'
import { flowLanguage } from '../flow/chat-language'
import type { CheckedFlow } from '../flow/flow.schema'
import { record } from '../recording/chat-record'
import { update } from './context-updates'
import type { IntakeContext, PrivacyPanel } from './intake-types'

/** The privacy notice and the marketing opt-in the name form shows, from the flow's notice. */
export function privacyPanel(flow: CheckedFlow): Omit<PrivacyPanel, 'marketingChosen'> {
  const { summary, retention, privacy_link, marketing } = flow.notice
  return { summary: { text: summary, values: Object.fromEntries(Object.entries(retention).map(([name, days]) => [name, String(days)])) }, link: privacy_link, marketing }
}

/**
 * The name form was sent under the notice: the chat keeps when and in which language, and the opt-in
 * as ticked, and records both on its session.
 */
export function noticeAccepted(flow: CheckedFlow) {
  return [
    update((context, event) => ({
      noticeSeen: { language: context.language ?? flowLanguage.code, at: new Date().toISOString() },
      marketing: event.type === 'form.submit' && event.marketing === true,
    })),
    record((context) => ({ type: 'notice.shown', noticeVersion: flow.notice.version, noticeLanguage: context.noticeSeen?.language ?? flowLanguage.code })),
    record((context) => ({ type: 'marketing.chosen', optedIn: context.marketing })),
  ]
}

/** What the lead records of the notice: the flow's version, and the language and time the visitor sent the name form under it. */
export function noticeRecord(flow: CheckedFlow, context: IntakeContext): NoticeRecord {
  const seen = context.noticeSeen ?? { language: context.language ?? flowLanguage.code, at: new Date().toISOString() }
  return { notice_version: flow.notice.version, notice_language: seen.language, notice_seen_at: seen.at, whatsapp_marketing: context.marketing }
}
