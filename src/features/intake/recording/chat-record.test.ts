import { expect, it } from 'vitest'
import { isSessionId } from '../api/chat-recording-values'
import { createSessionId } from './chat-record'

it('a session id is a random version 4 UUID, also where the browser offers only random bytes (plain http) or no crypto at all', () => {
  const sources = [globalThis.crypto, { getRandomValues: crypto.getRandomValues.bind(crypto) }, undefined, {}]
  for (const source of sources) {
    const ids = Array.from({ length: 50 }, () => createSessionId(source))
    for (const id of ids) {
      expect(isSessionId(id)).toBe(true)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(new Set(ids).size).toBe(50)
  }
})
