import { describe, expect, it } from 'vitest'
import { brand } from '@/lib/brand'
import { quoteShareTexts } from '@/lib/consultation-facts'
import { quoteLink, quoteWhatsAppUrl } from './quote-share-message'

const link = quoteLink('t'.repeat(43), 'https://shop.example')
const messageOf = (url: string | null) => decodeURIComponent(new URL(url!).searchParams.get('text')!)

describe('the quote link on WhatsApp', () => {
  it("opens the lead's number with the flow's English text, the link, first name and brand filled in", () => {
    const url = quoteWhatsAppUrl({ name: 'Asha Rao', phone: '9876543210', language: 'en' }, link)
    expect(url).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/)
    const [before, after] = quoteShareTexts!.en.split('{{link}}')
    const expected = `${before}${link}${after}`.replaceAll('{{name}}', 'Asha').replaceAll('{{business}}', brand.title).replaceAll('{{business_phone}}', `+${brand.phone}`)
    expect(messageOf(url)).toBe(expected)
  })

  it("writes in the lead's chat language, English for a language the flow has no text in", () => {
    const hindi = messageOf(quoteWhatsAppUrl({ name: 'Asha', phone: '9876543210', language: 'hi' }, link))
    expect(hindi).toContain(link)
    expect(hindi.startsWith(quoteShareTexts!.hi!.split('{{')[0]!)).toBe(true)
    const other = messageOf(quoteWhatsAppUrl({ name: 'Asha', phone: '9876543210', language: 'ta' }, link))
    expect(other.startsWith(quoteShareTexts!.en.split('{{')[0]!)).toBe(true)
    expect(quoteWhatsAppUrl({ name: 'Asha', phone: '9876543210', language: 'hi' }, link, null)).toBeNull()
  })
})
