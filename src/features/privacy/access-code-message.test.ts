import { describe, expect, it } from 'vitest'
import { accessCodeTexts } from '@/lib/consultation-facts'
import { accessCodeWhatsAppUrls } from './access-code-message'

const messageOf = (url: string) => new URL(url).searchParams.get('text')

describe('the WhatsApp message with a My data code', () => {
  it('opens a chat with the requester in each of the flow\'s languages, the code in the flow\'s text', () => {
    const urls = accessCodeWhatsAppUrls({ code: '042917', phone: '9876543210' })
    expect(urls.map((entry) => entry.language)).toEqual(Object.keys(accessCodeTexts!))
    expect(urls.map((entry) => entry.language)).toContain('hi')
    for (const { language, url } of urls) {
      expect(url.startsWith('https://wa.me/919876543210?text=')).toBe(true)
      const [before, after] = accessCodeTexts![language]!.split('{{code}}')
      expect(messageOf(url)).toContain('042917')
      expect(messageOf(url)).not.toContain('{{')
      expect(messageOf(url)!.startsWith(before!.split('{{')[0]!)).toBe(true)
      expect(after!.length).toBeGreaterThan(0)
    }
  })

  it('offers nothing when the flow has no code message', () => {
    expect(accessCodeWhatsAppUrls({ code: '1', phone: '9876543210' }, null)).toEqual([])
  })
})
