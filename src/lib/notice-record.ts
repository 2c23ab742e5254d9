/**
 * Which privacy notice a visitor saw, in which language and when (ISO time), and the separate
 * WhatsApp marketing opt-in: what a visitor's lead records beside the answers.
 */
export interface NoticeRecord {
  notice_version: string
  notice_language: string
  notice_seen_at: string
  whatsapp_marketing: boolean
}
