import { shownText, type ChatLanguage, type ChatText } from '../flow/chat-language'

/** WhatsApp chat with the business, with a prefilled text. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`
}

/** Phone call to the business. */
export function telLink(phone: string): string {
  return `tel:+${phone}`
}

/** A link of the flow as the chat opens it: WhatsApp with a prefilled text, or a call. */
export interface MessagingLink {
  phone: string
  whatsapp?: ChatText
}

/** The link's address, its WhatsApp text in the chat's language. */
export function linkUrl(link: MessagingLink, language: ChatLanguage): string {
  return link.whatsapp ? whatsappLink(link.phone, shownText(link.whatsapp, language)) : telLink(link.phone)
}
