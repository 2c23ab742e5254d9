import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { brandJsonSchemaText } from './brand-json-schema'
import { defaultBrandFile, loadBrandFile, secondBrandFile } from './brand-files'

describe('the shipped brand file helps its editors', () => {
  it('points editors at the committed JSON Schema on its first line, as the second brand does', () => {
    expect(readFileSync(defaultBrandFile, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=./brand.schema.json')
    expect(readFileSync(secondBrandFile, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../brand.schema.json')
  })

  it('commits the JSON Schema generated from the zod schema (run `npm run flow:generate` when this fails)', () => {
    expect(readFileSync('brand/brand.schema.json', 'utf8')).toBe(brandJsonSchemaText())
  })
})

describe('the second brand', () => {
  it('differs from the shipped brand in everything the app shows, so a test that sees it sees no shipped value', () => {
    const shipped = loadBrandFile(defaultBrandFile)
    const second = loadBrandFile(secondBrandFile)
    if (!shipped.ok || !second.ok) throw new Error('both brands must pass brand:check')
    for (const [field, value] of Object.entries(second.brand)) {
      if (field === 'colours') continue
      expect(value, field).not.toBe(shipped.brand[field as keyof typeof shipped.brand])
    }
    expect(second.brand.colours.primary).not.toBe(shipped.brand.colours.primary)
    expect(second.brand.colours.accent).not.toBe(shipped.brand.colours.accent)
    expect(second.logo.bytes.equals(shipped.logo.bytes)).toBe(false)
  })
})
