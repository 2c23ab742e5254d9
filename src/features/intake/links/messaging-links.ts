import { brand } from '@/lib/brand'
import { whatsAppUrl } from '@/lib/whatsapp-url'
import { shownText, type ChatLanguage, type ChatText } from '../flow/chat-language'

/** A link of the flow as the chat opens it: a WhatsApp chat with a prefilled text, or a call. */
export type MessagingLink = { whatsapp: ChatText } | { tel: true }

/** The link's address: a chat with the brand's WhatsApp number, its text in the chat's language, or a call to the brand's phone. */
export function linkUrl(link: MessagingLink, language: ChatLanguage): string {
  return 'whatsapp' in link ? whatsAppUrl(brand.whatsapp, shownText(link.whatsapp, language)) : `tel:+${brand.phone}`
}
