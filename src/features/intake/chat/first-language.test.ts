import { describe, expect, it } from 'vitest'
import { firstLanguage } from './first-language'

const codes = ['en', 'hi']
const kept = (language: unknown) => JSON.stringify({ flowHash: 'x', snapshot: { context: { language } } })
const first = (search: string, browser: string, keptText: string | null = null) => firstLanguage(search, browser, keptText, codes, 'en')

describe('the language a chat starts in', () => {
  it('is the one ?lang= names, when the chat speaks it, even over a kept chat', () => {
    expect(first('?lang=hi', 'en-US')).toBe('hi')
    expect(first('?lang=en', 'hi-IN')).toBe('en')
    expect(first('?utm_source=ig&lang=hi', 'en-GB')).toBe('hi')
    expect(first('?lang=en', 'en-US', kept('hi'))).toBe('en')
  })

  it('else the language of the chat this tab kept', () => {
    expect(first('', 'en-US', kept('hi'))).toBe('hi')
    expect(first('', 'hi-IN', kept('en'))).toBe('en')
  })

  it("else the browser's language by its primary code: hi gives Hindi, anything else English", () => {
    expect(first('', 'hi-IN')).toBe('hi')
    expect(first('', 'hi')).toBe('hi')
    expect(first('', 'HI-in')).toBe('hi')
    expect(first('', 'en-IN')).toBe('en')
    expect(first('', 'ta-IN')).toBe('en')
    expect(first('', '')).toBe('en')
  })

  it('ignores a ?lang= it does not speak, empty or hostile', () => {
    for (const asked of ['?lang=', '?lang=xx', '?lang=HI', '?lang=<script>alert(1)</script>', '?lang=__proto__', `?lang=${'h'.repeat(5000)}`, '?lang=hi%00']) {
      expect(first(asked, 'hi-IN')).toBe('hi')
      expect(first(asked, 'en-US')).toBe('en')
    }
  })

  it('ignores a kept chat it cannot read or whose language it does not speak', () => {
    for (const text of ['', 'not json', '{"snapshot":null}', 'null', '[]', kept(42), kept('xx'), kept({ toString: 'hi' }), '{"snapshot":{"context":{"language":"__proto__"}}}']) {
      expect(first('', 'hi-IN', text)).toBe('hi')
      expect(first('', 'en-US', text)).toBe('en')
    }
  })
})
