import { describe, expect, it } from 'vitest'
import { mimeTypeAllowed, normaliseMimeType, parseObjectAddress } from './object-path.ts'

describe('object addresses', () => {
  it('accepts bucket and nested names, decoding percent escapes', () => {
    expect(parseObjectAddress('reference-images/1700000000000.png')).toEqual({
      ok: true,
      address: { bucket: 'reference-images', name: '1700000000000.png' },
    })
    expect(parseObjectAddress('b/a%20b/c.png')).toEqual({ ok: true, address: { bucket: 'b', name: 'a b/c.png' } })
  })

  it('refuses traversal, empty segments, encoded slashes, control characters and bad escapes', () => {
    for (const path of ['b/../x', 'b/./x', 'b/%2e%2e/x', 'b//x', 'b/', 'b/a%2Fb', 'b/a%00', 'b/a%0Ab', 'b/a\\b', 'b/%E0%A4%A', `b/${'x'.repeat(1025)}`, '../x', '']) {
      expect(parseObjectAddress(path).ok, path).toBe(false)
    }
  })
})

describe('MIME types', () => {
  it('normalises declared types and rejects malformed ones', () => {
    expect(normaliseMimeType('Image/PNG; charset=binary')).toBe('image/png')
    expect(normaliseMimeType('text/html<script>')).toBeUndefined()
    expect(normaliseMimeType('')).toBeUndefined()
  })

  it('matches exact and wildcard bucket rules', () => {
    expect(mimeTypeAllowed('image/png', ['image/*'])).toBe(true)
    expect(mimeTypeAllowed('image/png', ['image/jpeg', 'image/png'])).toBe(true)
    expect(mimeTypeAllowed('text/plain', ['image/*'])).toBe(false)
    expect(mimeTypeAllowed('imagex/png', ['image/*'])).toBe(false)
    expect(mimeTypeAllowed('text/plain', null)).toBe(true)
  })
})
