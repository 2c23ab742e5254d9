import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { manageLink, manageTokenHash, newManageToken } from './manage-token'

test('a token is 32 random bytes in base64url, new each time', () => {
  const tokens = Array.from({ length: 50 }, newManageToken)
  for (const token of tokens) {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  }
  expect(new Set(tokens).size).toBe(tokens.length)
})

test("the hash is the token's SHA-256 in 64 hex digits", async () => {
  const token = newManageToken()
  expect(await manageTokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'))
})

test('the link carries the token in its fragment only', () => {
  const url = new URL(manageLink('https://example.in', 'abc_-1'))
  expect(url.pathname).toBe('/booking')
  expect(url.hash).toBe('#abc_-1')
  expect(url.search).toBe('')
})
