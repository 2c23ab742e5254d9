import { describe, expect, it } from 'vitest'
import { restErrorFromDatabase } from './database-error.ts'

const rateLimited = {
  code: 'PGRST',
  message: '{"code":"over_request_rate_limit","message":"Too many requests"}',
  detail: '{"status":429,"headers":{"Retry-After":"60"}}',
}

function answer(error: { code: string; message: string; detail?: string; hint?: string }) {
  const mapped = restErrorFromDatabase(error, 'anon')
  if (!mapped) throw new Error('expected a REST error')
  return { status: mapped.status, body: mapped.body, headers: mapped.headers }
}

describe("PostgREST's custom errors raised in SQL", () => {
  it('answers RAISE SQLSTATE PGRST with the status, headers and body the JSON names', () => {
    expect(answer(rateLimited)).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Too many requests', details: null, hint: null },
      headers: { 'Retry-After': '60' },
    })
    const withDetails = answer({ ...rateLimited, message: '{"code":"c","message":"m","details":"d","hint":"h"}' })
    expect(withDetails.body).toEqual({ code: 'c', message: 'm', details: 'd', hint: 'h' })
  })

  it('answers PTxyz with HTTP xyz and the message, detail and hint as given', () => {
    expect(answer({ code: 'PT402', message: 'Payment Required', detail: 'Quota exceeded', hint: 'Upgrade' })).toEqual({
      status: 402,
      body: { code: 'PT402', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade' },
      headers: {},
    })
    expect(answer({ code: 'PT4XX', message: 'not a status' }).status).toBe(500)
    expect(answer({ code: 'PT099', message: 'not a status' }).status).toBe(500)
  })

  it.each([
    ['a message that is not JSON', { ...rateLimited, message: 'Too many requests' }, 'MESSAGE'],
    ['a message without code', { ...rateLimited, message: '{"message":"m"}' }, 'MESSAGE'],
    ['a message with non-text details', { ...rateLimited, message: '{"code":"c","message":"m","details":{"a":1}}' }, 'MESSAGE'],
    ['no detail', { code: 'PGRST', message: rateLimited.message }, 'DETAIL'],
    ['a detail that is not JSON', { ...rateLimited, detail: 'status 429' }, 'DETAIL'],
    ['a detail without headers', { ...rateLimited, detail: '{"status":429}' }, 'DETAIL'],
    ['a status that is not one', { ...rateLimited, detail: '{"status":"429","headers":{}}' }, 'DETAIL'],
    ['a status Node cannot send', { ...rateLimited, detail: '{"status":1000,"headers":{}}' }, 'DETAIL'],
    ['a header value splitting the response', { ...rateLimited, detail: '{"status":429,"headers":{"Retry-After":"1\\r\\nSet-Cookie: a=b"}}' }, 'DETAIL'],
    ['a header name that is not a token', { ...rateLimited, detail: '{"status":429,"headers":{"Retry After":"1"}}' }, 'DETAIL'],
    ['a header value that is not text', { ...rateLimited, detail: '{"status":429,"headers":{"Retry-After":60}}' }, 'DETAIL'],
  ])('answers %s as PostgREST does: 500 PGRST121 naming the part', (_label, error, part) => {
    const { status, body, headers } = answer(error)
    expect(status).toBe(500)
    expect(body.code).toBe('PGRST121')
    expect(body.message).toBe(`Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`)
    expect(body.hint).toMatch(new RegExp(`^${part} must be a JSON object`))
    expect(headers).toEqual({})
  })
})
