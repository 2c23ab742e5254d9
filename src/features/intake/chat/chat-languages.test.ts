import { describe, expect, it } from 'vitest'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { optionParts, stepById } from '@/testing/intake/flow-reading'
import { inHindi } from '@/testing/intake/test-languages'
import { flowLanguage, shownText } from '../flow/chat-language'
import { languageChoices, loadedLanguage, loadLanguage } from './chat-languages'

const hindi = inHindi(consultationFlow)
/** The first option of the occasion question, in a flow as a visitor in its language reads it. */
const firstOccasion = (flow: typeof consultationFlow) => {
  const step = stepById(flow, 'occasion')
  return step.type === 'options' ? optionParts(step.options[0]!).label : ''
}

describe('the languages the chat speaks', () => {
  it("offers the flow file's language first, then each translation file's, by its own name", () => {
    expect(languageChoices).toEqual([
      { code: 'en', name: 'English' },
      { code: 'hi', name: hindi.chat.name },
    ])
  })

  it('loads a language once, from its own chunk, and shows its texts; answers keep the flow file text as the key', async () => {
    expect(loadedLanguage('hi')).toBe(flowLanguage)
    const loaded = await loadLanguage('hi')
    expect(loaded.code).toBe('hi')
    expect(await loadLanguage('hi')).toBe(loaded)
    expect(loadedLanguage('hi')).toBe(loaded)
    expect(shownText({ text: consultationFlow.chat.typing }, loaded)).toBe(hindi.flow.chat.typing)
    expect(shownText({ text: firstOccasion(consultationFlow) }, loaded)).toBe(firstOccasion(hindi.flow))
    expect(firstOccasion(hindi.flow)).not.toBe(firstOccasion(consultationFlow))
    expect(shownText({ text: 'A text no flow has' }, loaded)).toBe('A text no flow has')
  })

  it("gives the flow file's language for a code it does not speak, whatever the code", async () => {
    for (const code of ['', 'xx', 'HI', '__proto__', 'constructor', 'hi-IN', '../hi', 'a'.repeat(10_000)]) {
      expect(await loadLanguage(code)).toBe(flowLanguage)
      expect(loadedLanguage(code)).toBe(flowLanguage)
    }
  })
})
