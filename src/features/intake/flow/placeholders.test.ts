import { describe, expect, it } from 'vitest'
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
