import { followUpTextParts } from '@/lib/consultation-facts'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'
import type { UnfinishedChat } from './insights.schema'

/** A WhatsApp chat with the visitor, prefilled with the flow's follow-up text naming them; null when the flow has none. */
export function followUpWhatsAppUrl(chat: Pick<UnfinishedChat, 'name' | 'phone'>, textParts: readonly string[] | null = followUpTextParts): string | null {
  return textParts === null ? null : indianWhatsAppUrl(chat.phone, textParts.join(chat.name.trim()))
}
