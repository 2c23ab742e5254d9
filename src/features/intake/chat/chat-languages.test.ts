import { describe, expect, it } from 'vitest'
import hindiSource from '../../../../flows/consultation.hi.yaml?raw'
import { parse } from 'yaml'
import { flowLanguage, shownText } from '../flow/chat-language'
import { languageChoices, loadedLanguage, loadLanguage, preferredLanguage } from './chat-languages'

const hindi = parse(hindiSource) as { name: string; chat: { typing: string }; steps: { occasion: { options: Record<string, string> } } }

describe('the languages the chat speaks', () => {
  it("offers the flow file's language first, then each translation file's, by its own name", () => {
    expect(languageChoices).toEqual([
      { code: 'en', name: 'English' },
      { code: 'hi', name: hindi.name },
    ])
  })

  it('loads a language once, from its own chunk, and shows its texts; answers keep the flow file text as the key', async () => {
    expect(loadedLanguage('hi')).toBe(flowLanguage)
    const loaded = await loadLanguage('hi')
    expect(loaded.code).toBe('hi')
    expect(await loadLanguage('hi')).toBe(loaded)
    expect(loadedLanguage('hi')).toBe(loaded)
    expect(shownText({ text: 'Typing...' }, loaded)).toBe(hindi.chat.typing)
    expect(shownText({ text: 'Anniversary' }, loaded)).toBe(hindi.steps.occasion.options.Anniversary)
    expect(shownText({ text: 'A text no flow has' }, loaded)).toBe('A text no flow has')
  })

  it("gives the flow file's language for a code it does not speak, whatever the code", async () => {
    for (const code of ['', 'xx', 'HI', '__proto__', 'constructor', 'hi-IN', '../hi', 'a'.repeat(10_000)]) {
      expect(await loadLanguage(code)).toBe(flowLanguage)
      expect(loadedLanguage(code)).toBe(flowLanguage)
    }
  })
})

describe('the language a new chat starts in', () => {
  it('is the one ?lang= names, when the chat speaks it', () => {
    expect(preferredLanguage('?lang=hi', 'en-US')).toBe('hi')
    expect(preferredLanguage('?lang=en', 'hi-IN')).toBe('en')
    expect(preferredLanguage('?utm_source=ig&lang=hi', 'en-GB')).toBe('hi')
  })

  it("else the browser's language by its primary code: hi gives Hindi, anything else English", () => {
    expect(preferredLanguage('', 'hi-IN')).toBe('hi')
    expect(preferredLanguage('', 'hi')).toBe('hi')
    expect(preferredLanguage('', 'HI-in')).toBe('hi')
    expect(preferredLanguage('', 'en-IN')).toBe('en')
    expect(preferredLanguage('', 'ta-IN')).toBe('en')
    expect(preferredLanguage('', '')).toBe('en')
  })

  it('ignores a ?lang= it does not speak, empty or hostile, and falls back to the browser', () => {
    for (const asked of ['?lang=', '?lang=xx', '?lang=HI', '?lang=<script>alert(1)</script>', '?lang=__proto__', `?lang=${'h'.repeat(5000)}`, '?lang=hi%00']) {
      expect(preferredLanguage(asked, 'hi-IN')).toBe('hi')
      expect(preferredLanguage(asked, 'en-US')).toBe('en')
    }
  })
})
