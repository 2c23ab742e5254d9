import { brand } from '@/lib/brand'
import { accessCodeTexts } from '@/lib/consultation-facts'
import { renderTemplate } from '@/lib/render-template'
import { indianWhatsAppUrl } from '@/lib/whatsapp-url'
import type { SentCode } from './privacy.schema'

type AccessCodeTexts = Readonly<Record<string, string>> & { readonly en: string }

/**
 * A WhatsApp chat with the requester's number, prefilled with the flow's code message in each
 * language it has (the request does not know the visitor's language): code, brand name and phone.
 * Empty when the flow has no such message.
 */
export function accessCodeWhatsAppUrls(sent: Pick<SentCode, 'code' | 'phone'>, texts: AccessCodeTexts | null = accessCodeTexts): { language: string; url: string }[] {
  if (texts === null) return []
  return Object.entries(texts).map(([language, template]) => ({
    language,
    url: indianWhatsAppUrl(sent.phone, renderTemplate(template, { code: sent.code, business: brand.title, business_phone: `+${brand.phone}` })),
  }))
}
