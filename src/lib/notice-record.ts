/**
 * Which privacy notice a visitor saw, in which language and when (ISO time; absent: the database
 * takes the save's time), and the separate WhatsApp marketing opt-in: what a visitor's lead
 * records beside the answers.
 */
export interface NoticeRecord {
  notice_version: string
  notice_language: string
  notice_seen_at?: string
  whatsapp_marketing: boolean
}

/** The columns of a lead that NoticeRecord names. */
export const noticeColumns = ['notice_version', 'notice_language', 'notice_seen_at', 'whatsapp_marketing'] as const satisfies readonly (keyof NoticeRecord)[]

/** The columns of a lead the database keeps about consent: when the opt-in was given, when consent was withdrawn. */
export const consentColumns = ['whatsapp_marketing_at', 'consent_withdrawn_at'] as const

/** How the dashboard names a lead's WhatsApp marketing choice (column, filter, details). */
export const marketingLabels = { title: 'WhatsApp marketing', optedIn: 'Opted in', notOptedIn: 'Not opted in' } as const

/** What the dashboard reads of a lead's consent: the notice seen (null on leads from before notices), the opt-in and its time, a withdrawal. */
export interface LeadConsent {
  notice_version: string | null
  notice_language: string | null
  notice_seen_at: string | null
  whatsapp_marketing: boolean
  whatsapp_marketing_at: string | null
  consent_withdrawn_at: string | null
}
