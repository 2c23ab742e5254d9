import { expect, test } from 'vitest'
import { isReferenceImagePath, newReferenceImagePath, referenceImageExtensions, type ReferenceImageType } from './reference-image-path'

test('a new name is 128 random bits in hex plus the extension of the image type', () => {
  const counting = (bytes: Uint8Array) => bytes.map((_, index) => index * 17)
  expect(newReferenceImagePath('image/png', counting)).toBe('00112233445566778899aabbccddeeff.png')
  for (const type of Object.keys(referenceImageExtensions) as ReferenceImageType[]) {
    const name = newReferenceImagePath(type)
    expect(name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${referenceImageExtensions[type]}$`))
    expect(isReferenceImagePath(name)).toBe(true)
  }
})

test('names never repeat: each draws fresh random bits', () => {
  const names = new Set(Array.from({ length: 1000 }, () => newReferenceImagePath('image/jpeg')))
  expect(names.size).toBe(1000)
})

test('the earlier names of older leads still count as the bucket’s', () => {
  expect(isReferenceImagePath('1763769600000.jpg')).toBe(true)
  expect(isReferenceImagePath('1763769600000.JFIF')).toBe(true)
})

test('anything else never becomes a URL', () => {
  for (const value of ['', '../../etc/passwd.png', 'https://evil.example/a.png', '//evil.example/a.png', 'a/b.png', 'ring.svg', 'javascript:alert(1)', 'x'.repeat(101) + '.png', '1763769600000.png?x=1', '1763769600000.png\n']) {
    expect(isReferenceImagePath(value), value).toBe(false)
  }
})
