import { describe, expect, inject, it } from 'vitest'
import { signJwt } from '../jwt.ts'
import { rawFetch } from '../testing/raw.ts'

describe('http: API keys, JWTs and CORS', () => {
  it('refuses requests without an API key or with a foreign one', async () => {
    for (const path of ['/rest/v1/leads', '/auth/v1/settings', '/storage/v1/object/reference-images/a.png']) {
      const missing = await rawFetch(path, { apikey: null })
      expect(missing.status).toBe(401)
      expect((await missing.json()).message).toBe('No API key found in request')
    }
    const foreign = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-projects-secret-0123456789')
    const wrong = await rawFetch('/rest/v1/leads', { apikey: foreign })
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).message).toBe('Invalid API key')
  })

  it('answers bad and expired JWTs on REST with 401 PGRST301', async () => {
    const secret = inject('jwtSecret')
    const now = Math.floor(Date.now() / 1000)
    const expired = await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), iat: now - 7200, exp: now - 3600 }, secret)
    const forged = await signJwt({ role: 'service_role', exp: now + 60 }, 'not-the-secret-of-this-backend-000')
    const unknownRole = await signJwt({ role: 'postgres', exp: now + 60 }, secret)
    const cases: [string, string][] = [
      [expired, 'JWT expired'],
      [forged, 'JWT invalid: signature or format not accepted'],
      ['not.a.jwt', 'JWT invalid: signature or format not accepted'],
      [unknownRole, 'JWT role is not one of anon, authenticated, service_role'],
    ]
    for (const [token, message] of cases) {
      const response = await rawFetch('/rest/v1/leads?select=id', { headers: { authorization: `Bearer ${token}` } })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ code: 'PGRST301', details: null, hint: null, message })
    }
  })

  it('answers CORS preflight with the headers supabase-js sends', async () => {
    const response = await fetch(`${inject('url')}/rest/v1/leads`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const allowed = response.headers.get('access-control-allow-headers')!.split(', ')
    for (const header of ['apikey', 'authorization', 'x-client-info', 'content-type', 'prefer', 'accept-profile', 'content-profile', 'x-supabase-api-version', 'x-upsert', 'cache-control', 'x-my-data-token', 'x-quote-token']) {
      expect(allowed).toContain(header)
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version')
  })

  it('answers paths outside the three services with 404 and unknown service paths with 501', async () => {
    const outside = await rawFetch('/something-else')
    expect(outside.status).toBe(404)
    const auth = await rawFetch('/auth/v1/factors', { method: 'POST' })
    expect(auth.status).toBe(501)
    expect((await auth.json()).message).toBe('Not supported by the local backend: POST /auth/v1/factors')
    const rest = await rawFetch('/rest/v1/leads/extra')
    expect(rest.status).toBe(501)
  })

  it('answers a malformed percent-escape in the path with 400, not a crash', async () => {
    const response = await rawFetch('/rest/v1/%E0%A4%A')
    expect(response.status).toBe(400)
    expect((await response.json()).message).toMatch(/^Malformed URL/)
    expect((await rawFetch('/auth/v1/settings')).status).toBe(200)
  })
})
