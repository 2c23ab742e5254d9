import { describe, expect, it } from 'vitest'
import { flowLanguage, shownText, slotDate, translate, type ChatLanguage } from './chat-language'

const hindi: ChatLanguage = { code: 'hi', name: 'हिन्दी', texts: { 'Booked for {{date}} at {{time}}, {{name}}': '{{name}}, {{date}} को {{time}} बजे', Ring: 'अंगूठी' } }

describe('a text of the chat in a language', () => {
  it('is the translation of the flow text, else the flow text itself; keys are texts, never object members', () => {
    expect(translate(hindi, 'Ring')).toBe('अंगूठी')
    expect(translate(hindi, 'Bangles')).toBe('Bangles')
    for (const text of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(translate(hindi, text)).toBe(text)
  })

  it('shows chosen options in the language, typed answers as typed, even when a name reads like an option', () => {
    const said = { text: 'A {{product_type}} for {{name}}', values: { product_type: 'Ring', name: 'Ring' }, textValues: ['product_type'] }
    expect(shownText(said, hindi)).toBe('A अंगूठी for Ring')
    expect(shownText(said, flowLanguage)).toBe('A Ring for Ring')
  })

  it("names a booked day in the visitor's language; the flow's language keeps the date as the chat wrote it", () => {
    const said = { text: 'Booked for {{date}} at {{time}}, {{name}}', values: { date: 'Tuesday, 24 November 2026', time: '3:00 PM', name: 'Priya' }, slotDay: '2026-11-24' }
    expect(shownText(said, hindi)).toBe('Priya, मंगलवार, 24 नवंबर 2026 को 3:00 PM बजे')
    expect(shownText(said, flowLanguage)).toBe('Booked for Tuesday, 24 November 2026 at 3:00 PM, Priya')
    expect(slotDate('2027-01-01', 'hi')).toBe('शुक्रवार, 1 जनवरी 2027')
  })

  it('leaves a text with placeholders it has no values for empty there, never the raw placeholder', () => {
    expect(shownText({ text: 'Hi {{name}}!' }, hindi)).toBe('Hi !')
  })
})
