import { describe, expect, it } from 'vitest'
import { jsonNestingExceeds } from './json-depth.ts'

describe('JSON nesting check', () => {
  it('lets ordinary bodies through and counts arrays and objects alike', () => {
    expect(jsonNestingExceeds('{"a":[{"b":[1,2,{"c":null}]}]}', 5)).toBe(false)
    expect(jsonNestingExceeds('[[[[[[1]]]]]]', 5)).toBe(true)
    expect(jsonNestingExceeds('{"a":{"b":{"c":{"d":{"e":{}}}}}}', 5)).toBe(true)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ name: '[[[[[[{{{{{{' }), 2)).toBe(false)
    expect(jsonNestingExceeds(JSON.stringify({ name: 'say \\"[[[[[[\\" \\\\' }), 2)).toBe(false)
  })

  it('finds 100,000 levels without recursing', () => {
    expect(jsonNestingExceeds('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true)
    expect(jsonNestingExceeds('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000))).toBe(true)
  })
})
