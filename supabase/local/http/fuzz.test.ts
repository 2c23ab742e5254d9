import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../jwt.ts'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { onePixelPng } from '../../tests/support/images.ts'
import { clientFor } from '../testing/clients.ts'
import { rawHttp } from '../testing/raw-http.ts'

/** Fits in a request line or header (the HTTP parser refuses more than 16 KB of them with 431). */
const hostileShort = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\r\nx-evil: 1', '\u202e', '%00', '%E0%A4%A', '..', '../..', '%2F', "'; drop table leads; --", 'null', '[]', '{}', '🦄'),
  fc.integer({ min: 1, max: 3000 }).map((n) => 'x'.repeat(n)),
)
const hostileText = fc.oneof({ arbitrary: hostileShort, weight: 5 }, { arbitrary: fc.integer({ min: 1, max: 200_000 }).map((n) => 'y'.repeat(n)), weight: 1 })

/** Mostly well-formed, sometimes hostile: a request the HTTP parser throws out tests nothing behind it. */
function mostly<T>(usual: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: usual, weight: 6 }, { arbitrary: hostile, weight: 1 })
}

/** Control characters in a header make Node's HTTP parser answer 400 itself: our code never sees them. */
const hostileHeader = hostileShort.map((value) =>
  [...value].filter((char) => char === '\t' || (char >= ' ' && char !== '\u007f')).join(''),
)

const segment = fc.oneof(hostileShort.map(encodeURIComponent), hostileShort.map(encodeURI), fc.constantFrom('leads', 'appointments', 'user_roles', 'a.png'))
const fileName = mostly(fc.oneof(fc.stringMatching(/^[a-z0-9]{1,12}\.(png|jpg|txt)$/), fc.stringMatching(/^[0-9a-f]{32}\.png$/)), segment)

const path = fc.oneof(
  fc.constantFrom('/auth/v1/token?grant_type=password', '/auth/v1/token?grant_type=refresh_token', '/auth/v1/user', '/auth/v1/settings', '/auth/v1/signup', '/auth/v1/admin/users'),
  segment.map((s) => `/auth/v1/token?grant_type=${s}`),
  segment.map((s) => `/auth/v1/logout?scope=${s}`),
  segment.map((s) => `/auth/v1/admin/users/${s}`),
  fc.tuple(fc.constantFrom('leads', 'appointments', 'user_roles'), segment, segment, segment).map(
    ([table, column, op, value]) => `/rest/v1/${table}?select=${column}&${column}=${op}.${value}&order=${value}&limit=${op}`,
  ),
  segment.map((s) => `/rest/v1/${s}`),
  segment.map((s) => `/rest/v1/rpc/${s}`),
  fc.constant('/rest/v1/rpc/bookable_slots'),
  fileName.map((s) => `/storage/v1/object/reference-images/${s}`),
  fileName.map((s) => `/storage/v1/object/public/reference-images/${s}`),
  fc.tuple(fileName, segment).map(([s, token]) => `/storage/v1/object/sign/reference-images/${s}?token=${token}`),
  segment.map((s) => `/storage/v1/object/list/${s}`),
  segment.map((s) => `/storage/v1/object/${s}`),
  segment.map((s) => `/${s}`),
)

const deepJson = fc.integer({ min: 50, max: 100_000 }).map((n) => '['.repeat(n) + ']'.repeat(n))

const leadLike = fc.record(
  { id: hostileText, name: hostileText, phone: hostileText, email: hostileText, status: hostileText, slot_datetime: hostileText, lead_id: hostileText, manage_token_hash: hostileText },
  { requiredKeys: [] },
)

const body = fc.oneof(
  fc.constant(''),
  fc.json().map((text) => text),
  leadLike.map((value) => JSON.stringify(value)),
  fc.array(leadLike, { maxLength: 3 }).map((value) => JSON.stringify(value)),
  fc.record({ email: hostileText, password: hostileText, refresh_token: hostileText }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ from: hostileText, to: hostileText }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ expiresIn: fc.oneof(fc.integer(), fc.double(), hostileText), prefix: hostileText, limit: fc.integer(), offset: fc.integer() }, { requiredKeys: [] }).map((v) =>
    JSON.stringify(v),
  ),
  deepJson,
  deepJson.map((nested) => `{"name":${nested}}`),
  hostileText.map(multipartImage),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
)

function json(token: string) {
  return { apikey: token, authorization: `Bearer ${token}`, 'content-type': 'application/json' }
}

function multipart(token: string) {
  return { ...json(token), 'content-type': 'multipart/form-data; boundary=b' }
}

function multipartImage(cacheControl: string): string {
  return `--b\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n${cacheControl}\r\n--b\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${Buffer.from(onePixelPng).toString('latin1')}\r\n--b--\r\n`
}

describe('every endpoint under random and hostile requests', () => {
  let backend: RunningBackend
  let tokens: string[]

  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0 })
    const now = Math.floor(Date.now() / 1000)
    const expired = await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), iat: now - 7200, exp: now - 3600 }, backend.jwtSecret)
    const strangerRole = await signJwt({ role: 'postgres', exp: now + 600 }, backend.jwtSecret)
    tokens = [backend.anonKey, backend.serviceRoleKey, expired, strangerRole, 'not.a.jwt', '']
  })

  afterAll(async () => {
    await backend.close()
  })

  it('answers 4xx or a documented 501, never another 5xx, and keeps serving', async () => {
    const port = Number(new URL(backend.url).port)
    const seen = new Map<number, number>()
    let reads = 0
    await fc.assert(
      fc.asyncProperty(
        mostly(fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'), fc.constantFrom('HEAD', 'OPTIONS', 'BREW')),
        path,
        body,
        fc.record(
          {
            apikey: mostly(fc.constantFrom(backend.anonKey, backend.serviceRoleKey), fc.constant('nonsense')),
            authorization: mostly(fc.constantFrom(...tokens).map((t) => `Bearer ${t}`), hostileHeader),
            'content-type': mostly(fc.constantFrom('application/json', 'multipart/form-data; boundary=b', 'image/png', 'text/plain'), hostileHeader),
            prefer: mostly(fc.constantFrom('return=representation', 'count=exact', 'missing=default'), hostileHeader),
            range: mostly(fc.constantFrom('0-9', '5-', '10-2'), hostileHeader),
            accept: mostly(fc.constant('application/vnd.pgrst.object+json'), hostileHeader),
            'cache-control': mostly(fc.constantFrom('max-age=60', 'no-cache'), hostileHeader),
            'x-upsert': mostly(fc.constant('true'), hostileHeader),
            'x-forwarded-for': mostly(fc.constantFrom('203.0.113.7', '198.51.100.1, 10.0.0.1'), hostileHeader),
            'accept-profile': mostly(fc.constant('public'), hostileHeader),
          },
          { requiredKeys: ['apikey', 'authorization', 'content-type'] },
        ),
        async (method, target, text, headers) => {
          const answer = await rawHttp(port, method, target, Object.entries(headers) as [string, string][], Buffer.from(text, 'latin1'))
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1)
          const documented501 = answer.status === 501 && (method === 'HEAD' || answer.body.includes('Not supported by the local backend'))
          const what = `${method} ${target.slice(0, 200)} answered ${answer.status}: ${answer.body.slice(0, 300)}`
          expect(answer.status, what).toBeGreaterThanOrEqual(200)
          if (answer.status >= 500) expect(documented501, what).toBe(true)
          const uploaded = /^\/storage\/v1\/object\/reference-images\/(.+)$/.exec(target)
          if (uploaded && answer.status === 200) {
            const signed = await clientFor(backend.url, backend.serviceRoleKey).storage.from('reference-images').createSignedUrl(decodeURIComponent(uploaded[1]!), 60)
            const read = signed.data ? await fetch(signed.data.signedUrl) : undefined
            expect(read?.status ?? signed.error?.status ?? 0, `signed read after: ${what}`).toBeLessThan(500)
            reads += 1
          }
        },
      ),
      {
        numRuns: 600,
        examples: [
          ['POST', '/auth/v1/token?grant_type=password', JSON.stringify({ email: 'a\u0000@example.com', password: 'secret' }), json(backend.anonKey)],
          ['POST', '/rest/v1/leads', `{"id":"deep","name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, json(backend.anonKey)],
          ['POST', '/storage/v1/object/reference-images/crlf.png', multipartImage('max-age=1\r\nSet-Cookie: x=1'), multipart(backend.anonKey)],
          ['POST', `/storage/v1/object/reference-images/${'ab'.repeat(16)}.png`, multipartImage('60'), multipart(backend.serviceRoleKey)],
        ],
      },
    )
    expect(seen.size).toBeGreaterThan(3)
    expect(reads).toBeGreaterThan(0)
    const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } })
    expect(settings.status).toBe(200)
  })
})
