import { describe, expect, it } from 'vitest'
import hindiSource from '@flows/consultation.hi.yaml?raw'
import { parse } from 'yaml'
import { flowLanguage, shownText } from '../flow/chat-language'
import { languageChoices, loadedLanguage, loadLanguage } from './chat-languages'

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
