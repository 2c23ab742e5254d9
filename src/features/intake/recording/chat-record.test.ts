import { expect, it } from 'vitest'
import { isSessionId } from '../api/chat-recording-values'
import { createSessionId } from './chat-record'

it('a session id is a version 4 UUID, also where the browser only offers random bytes (pages without https)', () => {
  const ids = [createSessionId(), createSessionId({ getRandomValues: (bytes) => crypto.getRandomValues(bytes) })]
  for (const id of ids) {
    expect(isSessionId(id)).toBe(true)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  }
  expect(new Set(Array.from({ length: 100 }, () => createSessionId({ getRandomValues: (bytes) => crypto.getRandomValues(bytes) }))).size).toBe(100)
})
