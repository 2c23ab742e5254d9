// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { onSessionStoredElsewhere, sessionMayBeStored } from './stored-session'

afterEach(() => vi.unstubAllEnvs())

const session = { access_token: 'a.b.c', refresh_token: 'r', expires_at: 1_900_000_000, user: { id: 'u' } }

test('a stored session, even an expired one that supabase-js will refresh, means a session may be restored', () => {
  expect(sessionMayBeStored(() => JSON.stringify(session))).toBe(true)
  expect(sessionMayBeStored(() => JSON.stringify({ ...session, expires_at: 1 }))).toBe(true)
})

test('nothing stored means signed out', () => {
  expect(sessionMayBeStored(() => null)).toBe(false)
  expect(sessionMayBeStored(() => '')).toBe(false)
})

test.each([
  ['not JSON', '{"access_token":'],
  ['JSON null', 'null'],
  ['a string', '"access_token refresh_token expires_at"'],
  ['a number', '42'],
  ['an array', '["access_token","refresh_token","expires_at"]'],
  ['an object missing expires_at', JSON.stringify({ access_token: 'a', refresh_token: 'r' })],
  ['a prototype trick', '{"__proto__":{"access_token":"a","refresh_token":"r","expires_at":1}}'],
  ['markup', '<script>alert(1)</script>'],
  ['a huge value', `{"junk":"${'x'.repeat(5_000_000)}"}`],
])('%s, which supabase-js would discard, means signed out', (_, stored) => {
  expect(sessionMayBeStored(() => stored)).toBe(false)
})

test('a storage that cannot be read leaves the decision to supabase-js', () => {
  expect(
    sessionMayBeStored(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }),
  ).toBe(true)
})

test('hears a session that another tab stores for this backend, and nothing else', () => {
  vi.stubEnv('VITE_SUPABASE_URL', 'https://abcdefghijklmnop.supabase.co')
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key')
  const key = 'sb-abcdefghijklmnop-auth-token'
  const stored = (storageKey: string | null, newValue: string | null, storageArea: Storage = window.localStorage) =>
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey, newValue, storageArea }))
  const heard = vi.fn()
  const stop = onSessionStoredElsewhere(heard)

  stored(key, 'garbled{')
  stored(key, null)
  stored(null, null)
  stored('sb-otherproject-auth-token', JSON.stringify(session))
  stored(key, JSON.stringify(session), window.sessionStorage)
  expect(heard).not.toHaveBeenCalled()

  stored(key, JSON.stringify(session))
  expect(heard).toHaveBeenCalledOnce()
  stop()
  stored(key, JSON.stringify(session))
  expect(heard).toHaveBeenCalledOnce()
})
