import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { authPost, sharedBackend, tokenRequest } from './auth-test-requests.ts'

const controlCharacters = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\ud800']
const notStrings = [42, true, null, {}, [], ['a@example.com']]
const huge = 'x'.repeat(100_000)

async function expectValidationFailed(response: Response) {
  expect(response.status).toBe(400)
  expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
  expect(await response.json()).toEqual({ code: 'validation_failed', message: expect.any(String) })
}

function adminCreate(body: Record<string, unknown>) {
  return authPost('/admin/users', { email: `new-${randomUUID()}@example.com`, password: 'long-enough-1', ...body }, { apikey: 'service' })
}

describe('auth: hostile input answers 400, never 500', () => {
  it('refuses control characters in the sign-in email or password', async () => {
    for (const character of controlCharacters) {
      await expectValidationFailed(await tokenRequest('password', { email: `a${character}@example.com`, password: 'whatever-123' }))
      await expectValidationFailed(await tokenRequest('password', { email: 'a@example.com', password: `what${character}ever` }))
    }
  })

  it('refuses sign-in fields that are not strings, or huge', async () => {
    for (const value of notStrings) {
      await expectValidationFailed(await tokenRequest('password', { email: value, password: 'whatever-123' }))
      await expectValidationFailed(await tokenRequest('password', { email: 'a@example.com', password: value }))
    }
    await expectValidationFailed(await tokenRequest('password', { email: `${huge}@example.com`, password: 'whatever-123' }))
    await expectValidationFailed(await tokenRequest('password', { email: 'a@example.com', password: huge }))
  })

  it('refuses a refresh token that is not a string, has control characters or is huge', async () => {
    for (const value of [...notStrings, 'abc\u0000def', 'abc\ndef', huge]) {
      await expectValidationFailed(await tokenRequest('refresh_token', { refresh_token: value }))
    }
  })

  it('refuses control characters, other types and unstorable metadata when an admin creates a user', async () => {
    for (const character of controlCharacters) {
      await expectValidationFailed(await adminCreate({ email: `a${character}b-${randomUUID()}@example.com` }))
      await expectValidationFailed(await adminCreate({ password: `long-enough${character}` }))
    }
    for (const value of notStrings) {
      await expectValidationFailed(await adminCreate({ email: value }))
      await expectValidationFailed(await adminCreate({ password: value }))
    }
    await expectValidationFailed(await adminCreate({ email: `${huge}@example.com` }))
    await expectValidationFailed(await adminCreate({ password: huge }))
    for (const metadata of [{ note: 'a\u0000b' }, { 'key\u0000': 1 }, { note: '\udc00' }, { nested: [{ note: 'a\u0000' }] }, 'a string', [1, 2]]) {
      await expectValidationFailed(await adminCreate({ user_metadata: metadata }))
      await expectValidationFailed(await adminCreate({ app_metadata: metadata }))
    }
    const deepMetadata = `${'{"level":'.repeat(5_000)}1${'}'.repeat(5_000)}`
    const body = `{"email":"deep-${randomUUID()}@example.com","password":"long-enough-1","user_metadata":${deepMetadata}}`
    expect((await authPost('/admin/users', body, { apikey: 'service' })).status).toBe(400)
  })

  it('still stores metadata with ordinary text, newlines included', async () => {
    const created = await adminCreate({ user_metadata: { note: 'line one\nline two', name: 'Åsa 😀' } })
    expect(created.status).toBe(200)
    expect((await created.json()).user_metadata).toEqual({ note: 'line one\nline two', name: 'Åsa 😀' })
  })

  it('answers a user id that is not a UUID with 404, NUL included', async () => {
    const { url, serviceRoleKey } = sharedBackend()
    const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` }
    for (const id of ['%00', 'not-a-uuid', '%E2%80%AE']) {
      const response = await fetch(`${url}/auth/v1/admin/users/${id}`, { method: 'DELETE', headers })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' })
    }
  })
})
