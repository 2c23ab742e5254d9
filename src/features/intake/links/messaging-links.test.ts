import { describe, expect, it } from 'vitest'
import { brand } from '@/lib/brand'
import { flowLanguage } from '../flow/chat-language'
import { linkUrl } from './messaging-links'

describe('messaging links', () => {
  it("open a chat with the brand's WhatsApp number, the text URL-encoded", () => {
    const link = { whatsapp: { text: 'Budget: {{budget_range}} & more?\nOk', values: { budget_range: '₹50,000 – ₹1,00,000' } } }
    expect(linkUrl(link, flowLanguage)).toBe(
      `https://wa.me/${brand.whatsapp}?text=Budget%3A%20%E2%82%B950%2C000%20%E2%80%93%20%E2%82%B91%2C00%2C000%20%26%20more%3F%0AOk`,
    )
  })

  it("call the brand's phone", () => {
    expect(linkUrl({ tel: true }, flowLanguage)).toBe(`tel:+${brand.phone}`)
  })
})
