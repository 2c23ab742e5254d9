import { leadFields, type ImageFieldName, type LeadAnswers, type LeadChatRecord, type LeadFieldName } from '@/lib/lead-fields'
import type { NoticeRecord } from '@/lib/notice-record'

/**
 * The record inserted into leads (every answer and contact field, the chat's language, the notice the
 * visitor saw and the marketing opt-in): every declared field; the api layer sends it as an array of one.
 */
export type LeadPayload = { id: string } & { [TField in LeadFieldName]: TField extends ImageFieldName ? string | null : string } & LeadChatRecord &
  NoticeRecord & {
    status: 'pending'
  }

/** Unanswered answers are empty strings; no uploaded image is null. `language` is the chat's language code. */
export function buildLeadPayload(id: string, answers: LeadAnswers, language: string, notice: NoticeRecord): LeadPayload {
  const fields = leadFields.map(({ name, kind }) => {
    const answer = answers[name] ?? ''
    return [name, kind === 'image' && answer === '' ? null : answer]
  })
  return { id, ...Object.fromEntries(fields), language, ...notice, status: 'pending' } as LeadPayload
}
