import { describe, expect, it } from 'vitest'
import { deviceClass, readLanding, referrerHost } from './landing'

const media = (matching: string[]) => ({ matchMedia: (query: string) => ({ matches: matching.includes(query) }) as MediaQueryList })

describe('the landing details of a chat', () => {
  it('a narrow viewport or a touch screen is a phone; a wide one with a mouse a desktop', () => {
    expect(deviceClass(media(['(max-width: 767.98px)']))).toBe('phone')
    expect(deviceClass(media(['(pointer: coarse)']))).toBe('phone')
    expect(deviceClass(media([]))).toBe('desktop')
    expect(deviceClass({} as Pick<Window, 'matchMedia'>)).toBe('desktop')
  })

  it("the referrer's host only when it is another site", () => {
    expect(referrerHost('https://l.instagram.com/?u=https%3A%2F%2Fshop.example', 'shop.example')).toBe('l.instagram.com')
    expect(referrerHost('http://localhost:8080/page', 'shop.example')).toBe('localhost:8080')
    expect(referrerHost('https://shop.example/admin', 'shop.example')).toBeNull()
    expect(referrerHost('', 'shop.example')).toBeNull()
    expect(referrerHost('not a url', 'shop.example')).toBeNull()
  })

  it('utm parameters of the landing address, absent ones as null', () => {
    const win = {
      ...media([]),
      location: { search: '?utm_source=instagram&utm_campaign=diwali%20sale&x=1', hostname: 'shop.example' } as Location,
      document: { referrer: 'https://www.google.com/' } as Document,
    }
    expect(readLanding('abc123', win)).toEqual({
      flowVersion: 'abc123',
      device: 'desktop',
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'diwali sale',
      referrerHost: 'www.google.com',
    })
  })
})
