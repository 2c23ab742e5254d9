import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createLeadApi } from '../../src/features/intake/api/lead-api.ts'
import type { LeadPayload } from '../../src/features/intake/lead/lead-payload.ts'
import { saveErrorKind, toSaveError } from '../../src/features/intake/lead/save-error-message.ts'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { istSlot, randomFutureOffsetDays, weekdaysFrom } from './support/slots.ts'

let backend: RunningBackend
let lastOctet = 0

/** A client address of its own for each use, so tests never share a count. */
function freshAddress(): string {
  lastOctet += 1
  return `203.0.113.${lastOctet}`
}

/** The backend sees requests from 127.0.0.1, a local proxy, so X-Forwarded-For names the visitor. */
const visitor = (address: string) => clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })
const service = () => clientFor(backend.url, backend.serviceRoleKey)
const lead = (): LeadPayload => ({ ...newLead(), status: 'pending' })

function postLead(address: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${backend.url}/rest/v1/leads`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify(body),
  })
}

async function storedLeadIds(ids: string[]): Promise<string[]> {
  const { data, error } = await service().from('leads').select('id').in('id', ids)
  expect(error).toBeNull()
  return (data ?? []).map((row) => row.id as string).sort()
}

async function setWindow(path: string, per: string): Promise<void> {
  await backend.context.db.transaction((s) => s.query('update private.rate_limits set per = $1::interval where path = $2', [per, path]))
}

async function saveTen(address: string): Promise<LeadPayload[]> {
  const saved = Array.from({ length: 10 }, lead)
  const api = createLeadApi(visitor(address))
  for (const one of saved) await api.saveLead(one)
  return saved
}

beforeAll(async () => {
  backend = await startOwnBackend()
})

afterAll(async () => {
  await backend?.close()
})

describe('per-address limits on anonymous writes (pre-request function)', () => {
  it('are switched on for PostgREST by the migration (pgrst.db_pre_request of role authenticator)', async () => {
    const { rows } = await backend.context.db.transaction((s) =>
      s.query<{ setconfig: string[] }>(
        `select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticator'`,
      ),
    )
    expect(rows.flatMap((row) => row.setconfig)).toContain('pgrst.db_pre_request=public.limit_anonymous_writes')
  })

  it('refuses the 11th lead from one address within 10 minutes with 429 and Retry-After, writing nothing', async () => {
    const address = freshAddress()
    const saved = await saveTen(address)

    const eleventh = lead()
    const refused = await visitor(address).from('leads').insert([eleventh])
    expect(refused.status).toBe(429)
    expect(refused.error?.code).toBe('over_request_rate_limit')
    expect(refused.error?.message).toMatch(/^Too many requests from this address\. Try again in \d+ seconds\.$/)

    const raw = await postLead(address, [lead()])
    expect(raw.status).toBe(429)
    const retryAfter = Number(raw.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)

    expect(await storedLeadIds([...saved.map((one) => one.id), eleventh.id])).toEqual(saved.map((one) => one.id).sort())
    expect((await visitor(freshAddress()).from('leads').insert([lead()])).error).toBeNull()
  })

  it("shows the chat's unexpected-error message, and the chat's retry with the same lead id saves once the window has passed", async () => {
    const address = freshAddress()
    await saveTen(address)
    const api = createLeadApi(visitor(address))
    const retried = lead()
    const failure = await api.saveLead(retried).catch((caught: unknown) => caught)
    expect(saveErrorKind(toSaveError(failure))).toBe('unexpected')

    await setWindow('/leads', '1 second')
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      await api.saveLead(retried)
    } finally {
      await setWindow('/leads', '10 minutes')
    }
    expect(await storedLeadIds([retried.id])).toEqual([retried.id])
  })

  it('limits bookings the same way, apart from leads', async () => {
    const address = freshAddress()
    const client = visitor(address)
    const booking = lead()
    expect((await client.from('leads').insert([booking])).error).toBeNull()
    const slots = weekdaysFrom(randomFutureOffsetDays(4), 2).flatMap((day) => [9, 10, 11, 12, 13, 14].map((hour) => istSlot(day, hour)))
    const outcomes = []
    for (const slot of slots.slice(0, 11)) {
      outcomes.push((await client.from('appointments').insert([{ lead_id: booking.id, slot_datetime: slot, status: 'scheduled' }])).status)
    }
    expect(outcomes).toEqual([...Array(10).fill(201), 429])
    expect((await client.from('leads').insert([lead()])).error).toBeNull()
  })

  it('counts only anonymous writes: reads, function calls and the service role pass', async () => {
    const address = freshAddress()
    const serviceAtAddress = clientFor(backend.url, backend.serviceRoleKey, { 'x-forwarded-for': address })
    for (let i = 0; i < 12; i++) {
      expect((await serviceAtAddress.from('leads').insert(lead())).error).toBeNull()
      const from = new Date().toISOString()
      expect((await visitor(address).rpc('taken_slots', { from, to: from })).error).toBeNull()
    }
    expect((await visitor(address).from('leads').insert([lead()])).error).toBeNull()
  })

  it('lets exactly 10 of 30 parallel leads from one address through', async () => {
    const address = freshAddress()
    const leads = Array.from({ length: 30 }, lead)
    const statuses = await Promise.all(leads.map(async (one) => (await postLead(address, [one])).status))
    console.info(`30 parallel leads from one address: ${statuses.filter((s) => s === 201).length} saved`)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    expect(await storedLeadIds(leads.map((one) => one.id))).toHaveLength(10)
  })

  it('passes hostile header values to SQL intact, and the X-Forwarded-For the backend trusts', async () => {
    await backend.context.db.transaction((s) =>
      s.exec(`create function public.echo_request_header(name text) returns text language sql stable
                as $$ select current_setting('request.headers', true)::json ->> name $$;
              grant execute on function public.echo_request_header(text) to anon`),
    )
    // Tab is the one control character HTTP lets through; "\\u0000" is text, not a NUL.
    const hostile = `"quoted" \\ 'single' ;drop table leads;-- \t é {"a":[1]} \\u0000 ${'x'.repeat(10_000)}`
    const echo = async (name: string, headers: Record<string, string>) => {
      const response = await fetch(`${backend.url}/rest/v1/rpc/echo_request_header`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name }),
      })
      expect(response.status).toBe(200)
      return response.json()
    }
    expect(await echo('x-note', { 'x-note': hostile })).toBe(hostile)
    expect(await echo('x-forwarded-for', { 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7')
    expect(await echo('x-forwarded-for', { 'x-forwarded-for': `"'); ${hostile}` })).toBe('127.0.0.1')
    expect((await postLead(freshAddress(), [lead()], { 'x-note': hostile })).status).toBe(201)
  })
})

describe('with per-address limits off (LOCAL_BACKEND_RATE_LIMITS=off, as the shared test backend runs)', () => {
  it('takes more than 10 leads from one address', async () => {
    const client = clientFor(inject('url'), inject('anonKey'), { 'x-forwarded-for': '192.0.2.200' })
    for (let i = 0; i < 11; i++) expect((await client.from('leads').insert([lead()])).error).toBeNull()
  })
})
