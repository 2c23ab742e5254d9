import { brand } from '@/lib/brand'
import { quoteShareTexts } from '@/lib/consultation-facts'
import { renderTemplate } from '@/lib/render-template'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'

type QuoteShareTexts = Readonly<Record<string, string>> & { readonly en: string }

/** The customer's quote page for a share token. */
export function quoteLink(token: string, origin = window.location.origin): string {
  return `${origin}/quote#${token}`
}

/**
 * A WhatsApp chat with the lead's number, prefilled with the flow's quote message in the lead's chat
 * language (English when the flow has no text in it): the link, the first name, the brand's name and
 * phone. Null when the flow has no such message.
 */
export function quoteWhatsAppUrl(
  lead: { name: string; phone: string; language: string | null },
  link: string,
  texts: QuoteShareTexts | null = quoteShareTexts,
): string | null {
  if (texts === null) return null
  const template = (lead.language && texts[lead.language]) || texts.en
  const firstName = lead.name.trim().split(/\s+/)[0] ?? ''
  return indianWhatsAppUrl(lead.phone, renderTemplate(template, { name: firstName, link, business: brand.title, business_phone: `+${brand.phone}` }))
}
