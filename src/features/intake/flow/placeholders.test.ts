import { describe, expect, it } from 'vitest'
import { whatsappLink, telLink } from '../links/messaging-links'
import { findPlaceholderProblems, renderTemplate } from './placeholders'

describe('placeholders', () => {
  it('renders answers; unknown or missing values become empty', () => {
    expect(renderTemplate('Hi {{name}}, {{ city }}!', { name: 'Isha', city: 'Surat' })).toBe('Hi Isha, Surat!')
    expect(renderTemplate('Hi {{name}}', {})).toBe('Hi ')
    expect(renderTemplate('{{name}}', { name: '{{phone}}', phone: 'x' })).toBe('{{phone}}')
  })

  it('finds unknown names, unclosed and stray braces with their offsets', () => {
    expect(findPlaceholderProblems('Hello {{name}} from {{city}}')).toEqual([])
    expect(findPlaceholderProblems('Hi {{nam}}')).toEqual([{ offset: 3, message: expect.stringMatching(/^bad placeholder \{\{nam\}\} \(known: name, /) }])
    expect(findPlaceholderProblems('Hi {{name')).toEqual([{ offset: 3, message: "bad placeholder: '{{' without '}}'" }])
    expect(findPlaceholderProblems('Hi name}}')).toEqual([{ offset: 7, message: "bad placeholder: '}}' without '{{'" }])
    expect(findPlaceholderProblems('{{ {{name}}')).toEqual([{ offset: 0, message: "bad placeholder: '{{' without '}}'" }])
    expect(findPlaceholderProblems('{{}}')[0]?.message).toMatch(/^bad placeholder \{\{\}\}/)
  })
})

describe('messaging links', () => {
  it('builds a wa.me link with the text URL-encoded, and a tel link', () => {
    expect(whatsappLink('919876543210', 'Budget: ₹50,000 – ₹1,00,000 & more?\nOk')).toBe(
      'https://wa.me/919876543210?text=Budget%3A%20%E2%82%B950%2C000%20%E2%80%93%20%E2%82%B91%2C00%2C000%20%26%20more%3F%0AOk',
    )
    expect(telLink('919876543210')).toBe('tel:+919876543210')
  })
})
