import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createLeadApi } from '../../src/features/intake/api/lead-api.ts'
import type { LeadPayload } from '../../src/features/intake/lead/lead-payload.ts'
import { saveErrorKind, toSaveError } from '../../src/features/intake/lead/save-error-message.ts'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, visitorBookingDays } from './support/slots.ts'

let backend: RunningBackend
let lastOctet = 0

/** A client address of its own for each use, so tests never share a count. */
function freshAddress(): string {
  lastOctet += 1
  return `203.0.113.${lastOctet}`
}

/**
 * A visitor at `address` behind a proxy on this machine (the backend trusts a loopback proxy's
 * X-Forwarded-For): the proxy appends the visitor's address to whatever X-Forwarded-For the visitor
 * wrote itself (`spoofed`).
 */
function forwardedFor(address: string, spoofed?: string): string {
  return spoofed === undefined ? address : `${spoofed}, ${address}`
}

const visitor = (address: string, spoofed?: string) => clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': forwardedFor(address, spoofed) })
const service = () => clientFor(backend.url, backend.serviceRoleKey)
const lead = (): LeadPayload => ({ ...newLead(), status: 'pending' })

/** A raw POST below /rest/v1, to any path spelling supabase-js would never send. */
function post(path: string, address: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${backend.url}/rest/v1${path}`, {
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

async function setWindow(action: string, per: string): Promise<void> {
  await asSuperuser(backend.context.db, 'update private.rate_limits set per = $1::interval where action = $2', [per, action])
}

async function saveTen(address: string): Promise<LeadPayload[]> {
  const saved = Array.from({ length: 10 }, lead)
  const api = createLeadApi(visitor(address))
  for (const one of saved) await api.saveLead(one)
  return saved
}

/** Leads saved by the service role, for bookings: so a visitor's bookings are counted apart from leads. */
async function arrangedLeads(count: number): Promise<LeadPayload[]> {
  const leads = Array.from({ length: count }, lead)
  expect((await service().from('leads').insert(leads)).error).toBeNull()
  return leads
}

beforeAll(async () => {
  backend = await startOwnBackend()
})

afterAll(async () => {
  await backend?.close()
})

describe('per-address limits on visitors\u2019 writes', () => {
  it('are taken by the writes themselves: PostgREST is configured with no pre-request function', async () => {
    const rows = await asSuperuser<{ setconfig: string[] }>(
      backend.context.db,
      `select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticator'`,
    )
    expect(rows.flatMap((row) => row.setconfig).filter((setting) => setting.startsWith('pgrst.db_pre_request='))).toEqual([])
  })

  it('refuses the 11th lead from one address within 10 minutes with 429 and Retry-After, writing nothing', async () => {
    const address = freshAddress()
    const saved = await saveTen(address)

    const eleventh = lead()
    const refused = await visitor(address).from('leads').insert([eleventh])
    expect(refused.status).toBe(429)
    expect(refused.error?.code).toBe('over_request_rate_limit')
    expect(refused.error?.message).toMatch(/^Too many requests from this address\. Try again in \d+ seconds\.$/)

    const raw = await post('/leads', address, [lead()])
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

    await setWindow('leads', '1 second')
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      await api.saveLead(retried)
    } finally {
      await setWindow('leads', '10 minutes')
    }
    expect(await storedLeadIds([retried.id])).toEqual([retried.id])
  })

  it('limits bookings the same way, apart from leads', async () => {
    const address = freshAddress()
    const client = visitor(address)
    const leads = await arrangedLeads(11)
    const slots = visitorBookingDays(0).flatMap((day) => [9, 10, 11].map((hour) => istSlot(day, hour)))
    const outcomes = []
    for (const [index, booking] of leads.entries()) {
      outcomes.push((await client.from('appointments').insert([visitorBooking(booking.id, slots[index]!)])).status)
    }
    expect(outcomes).toEqual([...Array(10).fill(201), 429])
    expect((await client.from('leads').insert([lead()])).error).toBeNull()
  })

  it('counts only anonymous writes: reads, function calls and the service role pass', async () => {
    const address = freshAddress()
    const serviceAtAddress = clientFor(backend.url, backend.serviceRoleKey, { 'x-forwarded-for': address })
    for (let i = 0; i < 12; i++) {
      expect((await serviceAtAddress.from('leads').insert(lead())).error).toBeNull()
      const day = visitorBookingDays(0)[0]
      expect((await visitor(address).rpc('bookable_slots', { from_date: day, to_date: day })).error).toBeNull()
    }
    expect((await visitor(address).from('leads').insert([lead()])).error).toBeNull()
  })

  it('lets exactly 10 of 30 parallel leads from one address through', async () => {
    const address = freshAddress()
    const leads = Array.from({ length: 30 }, lead)
    const statuses = await Promise.all(leads.map(async (one) => (await post('/leads', address, [one])).status))
    console.info(`30 parallel leads from one address: ${statuses.filter((s) => s === 201).length} saved`)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    expect(await storedLeadIds(leads.map((one) => one.id))).toHaveLength(10)
  })
})

describe('limits a client cannot route around', () => {
  it('counts a visitor who writes its own X-Forwarded-For entries against the address its proxy appended', async () => {
    const address = freshAddress()
    for (let i = 0; i < 10; i++) {
      expect((await visitor(address, `198.18.0.${i}, 198.19.${i}.1`).from('leads').insert([lead()])).error).toBeNull()
    }
    const refused = await visitor(address, '198.18.1.1').from('leads').insert([lead()])
    expect([refused.status, refused.error?.code]).toEqual([429, 'over_request_rate_limit'])
  })

  it('ignores a CF-Connecting-IP the client sends: the edge sets its own', async () => {
    const address = freshAddress()
    for (let i = 0; i < 10; i++) expect((await post('/leads', address, [lead()], { 'cf-connecting-ip': `198.18.2.${i}` })).status).toBe(201)
    expect((await post('/leads', address, [lead()], { 'cf-connecting-ip': '198.18.2.99' })).status).toBe(429)
  })

  it.each([
    ['leads', ['/leads', '/le%61ds', '/%6c%65%61%64%73', '/%6C%65%61%64%73', '/leads?columns=id,name,phone,status,notice_version,notice_language']],
    ['appointments', ['/appointments', '/appointment%73', '/%61ppointments', '/%61%70%70%6f%69%6e%74%6d%65%6e%74%73']],
  ])('counts every spelling of the path to %s as one limit', async (table, paths) => {
    const address = freshAddress()
    const leads = await arrangedLeads(11)
    const slots = visitorBookingDays(1).flatMap((day) => [12, 13, 14].map((hour) => istSlot(day, hour)))
    const row = (index: number) => (table === 'leads' ? [lead()] : [visitorBooking(leads[index]!.id, slots[index]!)])
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await post(paths[i % paths.length]!, address, row(i))).status)
    expect(statuses).toEqual([...Array(10).fill(201), 429])
  })

  it('passes hostile header values to SQL intact', async () => {
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
    expect(await echo('x-forwarded-for', { 'x-forwarded-for': `"'); ${hostile}` })).toBe(`"'); ${hostile}, 127.0.0.1`)
    expect(await echo('cf-connecting-ip', { 'x-forwarded-for': `"'); ${hostile}` })).toBe('127.0.0.1')
    const address = freshAddress()
    expect((await post('/leads', address, [lead()], { 'x-note': hostile, 'cf-connecting-ip': `"'); drop table leads;--` })).status).toBe(201)
  })
})

describe('with per-address limits off (LOCAL_BACKEND_RATE_LIMITS=off, as the shared test backend runs)', () => {
  it('takes more than 10 leads from one address', async () => {
    const client = clientFor(inject('url'), inject('anonKey'), { 'x-forwarded-for': '192.0.2.200' })
    for (let i = 0; i < 11; i++) expect((await client.from('leads').insert([lead()])).error).toBeNull()
  })
})
