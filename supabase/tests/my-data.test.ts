import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientFor, clientsOf, type BackendClients, type SignedInUser, type TestClient } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import type { RunningBackend } from '../local/local-backend.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'
import { newManageToken } from './support/manage-token.ts'

let backend: RunningBackend
let clients: BackendClients
let admin: SignedInUser
let staff: SignedInUser
let outsider: SignedInUser

/** A visitor at an address of its own (one of 65,000), so the per-address limits of one test do not reach another. */
function visitor(address = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`): TestClient {
  return clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })
}

interface Person {
  phone: string
  leadId: string
  manageToken: string
}

/** A person with a lead, a booking (its manage link), a staff note and a follow-up. */
async function arrangePerson(phone: string): Promise<Person> {
  const lead = newLead({ phone })
  expect((await visitor().from('leads').insert([lead])).error).toBeNull()
  const manage = newManageToken()
  const booked = await clients.serviceClient().from('appointments')
    .insert({ lead_id: lead.id, slot_datetime: new Date(Date.now() - 86_400_000).toISOString(), status: 'completed', manage_token_hash: manage.hash })
  expect(booked.error).toBeNull()
  expect((await admin.client.from('lead_notes').insert({ lead_id: lead.id, body: 'Prefers rose gold' })).error).toBeNull()
  expect((await admin.client.rpc('follow_up_add', { lead_id: lead.id, due_at: new Date(Date.now() + 86_400_000).toISOString(), text: 'Call' })).error).toBeNull()
  return { phone, leadId: lead.id, manageToken: manage.token }
}

async function openRequests(phone: string, kind: string) {
  return asSuperuser<{ id: string; deadline: string; created_at: string }>(backend.context.db,
    "select id, deadline, created_at from public.data_access_requests where phone = $1 and kind = $2 and status = 'open'", [phone, kind])
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000

beforeAll(async () => {
  backend = await startOwnBackend()
  clients = clientsOf(backend)
  ;[admin, staff, outsider] = await Promise.all([
    clients.createUserAndSignIn({ admin: true }),
    clients.createUserAndSignIn({ role: 'staff' }),
    clients.createUserAndSignIn(),
  ])
})

afterAll(async () => {
  await backend?.close()
})

describe('asking for a code by phone', () => {
  it('answers the same with data and without; only a phone with data gets a request, once, with a 3-day deadline', async () => {
    const person = await arrangePerson('9822200001')
    const withData = await visitor().rpc('my_data_request_code', { phone: person.phone })
    const withoutData = await visitor().rpc('my_data_request_code', { phone: '9822200099' })
    expect([withData.status, withData.data, withData.error]).toEqual([204, null, null])
    expect([withoutData.status, withoutData.data, withoutData.error]).toEqual([204, null, null])
    expect((await visitor().rpc('my_data_request_code', { phone: person.phone })).status).toBe(204)
    const requests = await openRequests(person.phone, 'access_code')
    expect(requests).toHaveLength(1)
    expect(daysBetween(requests[0]!.created_at, requests[0]!.deadline)).toBeCloseTo(3)
    expect(await openRequests('9822200099', 'access_code')).toEqual([])
  })

  it('refuses a phone that is not 10 digits with 400 phone_invalid', async () => {
    for (const phone of [null, '', '12345', 'x'.repeat(100_000), "9822200001' or 1=1 --"]) {
      const { status, error } = await visitor().rpc('my_data_request_code', { phone })
      expect([status, error?.code]).toEqual([400, 'phone_invalid'])
    }
  })

  it('allows 5 requests per address per hour, then 429', async () => {
    const address = visitor()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await address.rpc('my_data_request_code', { phone: `98222001${10 + i}` })).status)
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429])
  })
})

describe('staff send a one-time code; the visitor opens My data with it', () => {
  let person: Person
  let requestId: string

  beforeAll(async () => {
    person = await arrangePerson('9822200002')
    await visitor().rpc('my_data_request_code', { phone: person.phone })
    requestId = (await openRequests(person.phone, 'access_code'))[0]!.id
  })

  it('lets staff and admins see code requests; only admins see the others; nobody else', async () => {
    expect((await staff.client.from('data_access_requests').select('id').eq('id', requestId)).data).toEqual([{ id: requestId }])
    expect((await outsider.client.from('data_access_requests').select('id')).data).toEqual([])
    expect((await visitor().from('data_access_requests').select('id')).status).toBe(401)
  })

  it('refuses the code to a non-member (403) and an unknown request (404)', async () => {
    const refused = await outsider.client.rpc('data_request_send_code', { request_id: requestId })
    expect([refused.status, refused.error?.code]).toEqual([403, 'not_member'])
    const unknown = await staff.client.rpc('data_request_send_code', { request_id: crypto.randomUUID() })
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'request_not_found'])
    expect((await visitor().rpc('data_request_send_code', { request_id: requestId })).status).toBe(401)
  })

  it('counts wrong codes: after 5 the right code no longer opens; a new code does, once', async () => {
    const first = await staff.client.rpc('data_request_send_code', { request_id: requestId })
    expect(first.error).toBeNull()
    const { code, phone } = first.data as { code: string; phone: string }
    expect([code, phone]).toEqual([expect.stringMatching(/^[0-9]{6}$/), person.phone])
    const stored = await asSuperuser(backend.context.db, 'select code_hash from private.access_codes')
    expect(JSON.stringify(stored)).not.toContain(code)
    expect(await openRequests(person.phone, 'access_code')).toEqual([])

    const wrong = code === '000000' ? '000001' : '000000'
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await visitor().rpc('my_data_open_with_code', { phone: person.phone, code: wrong })
      expect([refused.status, refused.error?.code]).toEqual([404, 'link_not_valid'])
    }
    const dead = await visitor().rpc('my_data_open_with_code', { phone: person.phone, code })
    expect([dead.status, dead.error?.code]).toEqual([404, 'link_not_valid'])

    await asSuperuser(backend.context.db, "update public.data_access_requests set status = 'open' where id = $1", [requestId])
    const again = (await staff.client.rpc('data_request_send_code', { request_id: requestId })).data as { code: string }
    const opened = await visitor().rpc('my_data_open_with_code', { phone: person.phone, code: again.code })
    expect(opened.error).toBeNull()
    expect(opened.data).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect((await visitor().rpc('my_data_open_with_code', { phone: person.phone, code: again.code })).error?.code).toBe('link_not_valid')
  })

  it('refuses malformed and hostile codes with the same 404', async () => {
    for (const [phone, code] of [[person.phone, ''], [person.phone, '12345'], [person.phone, '1'.repeat(10_000)], ['', '123456'], [person.phone, "' or 1=1"]]) {
      const refused = await visitor().rpc('my_data_open_with_code', { phone, code })
      expect([refused.status, refused.error?.code]).toEqual([404, 'link_not_valid'])
    }
  })
})

describe('My data with a session token', () => {
  let person: Person
  let other: Person
  let token: string

  beforeAll(async () => {
    person = await arrangePerson('9822200003')
    other = await arrangePerson('9822200004')
    const opened = await visitor().rpc('my_data_open_with_link', { manage_token: person.manageToken })
    expect(opened.error).toBeNull()
    token = (opened.data as { token: string }).token
  })

  it("opens with the booking's manage link only; a tampered link is 404 link_not_valid", async () => {
    const tampered = person.manageToken.slice(0, -1) + (person.manageToken.endsWith('A') ? 'B' : 'A')
    for (const manage_token of [tampered, '', null, 'x'.repeat(5000)]) {
      const refused = await visitor().rpc('my_data_open_with_link', { manage_token })
      expect([refused.status, refused.error?.code]).toEqual([404, 'link_not_valid'])
    }
  })

  it("shows everything held about the session's phone and nothing of anyone else's", async () => {
    const { data, error } = await visitor().rpc('my_data_get', { token })
    expect(error).toBeNull()
    const held = data as Record<string, unknown[]>
    expect(held).toMatchObject({ phone: person.phone, reference_images: [] })
    expect(held.leads!.map((lead) => (lead as { id: string }).id)).toEqual([person.leadId])
    expect([held.appointments!.length, held.notes!.length, held.follow_ups!.length]).toEqual([1, 1, 1])
    expect(held.notes![0]).toMatchObject({ body: 'Prefers rose gold' })
    expect(JSON.stringify(held)).not.toContain(other.leadId)
    expect(JSON.stringify(held)).not.toContain(other.phone)
  })

  it('refuses a wrong, tampered or expired token with 404 link_not_valid', async () => {
    for (const wrong of ['', null, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'x'.repeat(100_000)]) {
      const refused = await visitor().rpc('my_data_get', { token: wrong })
      expect([refused.status, refused.error?.code]).toEqual([404, 'link_not_valid'])
    }
    const expiring = (await visitor().rpc('my_data_open_with_link', { manage_token: other.manageToken })).data as { token: string }
    await asSuperuser(backend.context.db, "update private.my_data_sessions set expires_at = now() - interval '1 second' where phone = $1", [other.phone])
    expect((await visitor().rpc('my_data_get', { token: expiring.token })).error?.code).toBe('link_not_valid')
  })

  it('withdraws consent on every lead of the phone, clears the opt-in and queues a withdrawal request (30 days)', async () => {
    await asSuperuser(backend.context.db, 'update public.leads set whatsapp_marketing = true, whatsapp_marketing_at = now() where phone = $1', [person.phone])
    const { data, error } = await visitor().rpc('my_data_withdraw', { token })
    expect([error, data]).toEqual([null, { leads: 1 }])
    const [lead] = await asSuperuser(backend.context.db, 'select consent_withdrawn_at is not null as withdrawn, whatsapp_marketing from public.leads where id = $1', [person.leadId])
    expect(lead).toEqual({ withdrawn: true, whatsapp_marketing: false })
    const requests = await openRequests(person.phone, 'withdrawal')
    expect(requests).toHaveLength(1)
    expect(daysBetween(requests[0]!.created_at, requests[0]!.deadline)).toBeCloseTo(30)
    expect((await visitor().rpc('my_data_withdraw', { token })).error).toBeNull()
    expect(await openRequests(person.phone, 'withdrawal')).toHaveLength(1)
  })

  it('asks for erasure with a comment of at most 1,000 characters', async () => {
    const tooLong = await visitor().rpc('my_data_request_erasure', { token, comment: 'x'.repeat(1001) })
    expect([tooLong.status, tooLong.error?.code]).toEqual([400, 'comment_too_long'])
    const { data, error } = await visitor().rpc('my_data_request_erasure', { token, comment: 'Please delete everything.' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ request_id: expect.any(String) })
  })

  it('lets only admins carry out the erasure request: the person is erased, the request done and without the phone', async () => {
    const [request] = await openRequests(person.phone, 'erasure')
    const byStaff = await staff.client.rpc('data_request_erase', { request_id: request!.id })
    expect([byStaff.status, byStaff.error?.code]).toEqual([403, 'not_admin'])
    const { data, error } = await admin.client.rpc('data_request_erase', { request_id: request!.id })
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 1, appointments: 1, notes: 1, follow_ups: 1 })
    const [done] = await asSuperuser(backend.context.db, 'select status, phone, comment, handled_by from public.data_access_requests where id = $1', [request!.id])
    expect(done).toEqual({ status: 'done', phone: null, comment: null, handled_by: admin.userId })
    const requests = await asSuperuser(backend.context.db, "select kind, status from public.data_access_requests where handled_by = $1 and kind <> 'access_code' order by kind", [admin.userId])
    expect(requests).toEqual([{ kind: 'erasure', status: 'done' }, { kind: 'withdrawal', status: 'done' }])
    const [tombstone] = await asSuperuser(backend.context.db, "select reason from public.erasures order by erased_at desc limit 1")
    expect(tombstone).toEqual({ reason: 'request' })
    expect((await visitor().rpc('my_data_get', { token })).data).toMatchObject({ leads: [], appointments: [], notes: [] })
    const repeat = await admin.client.rpc('data_request_erase', { request_id: request!.id })
    expect([repeat.status, repeat.error?.code]).toEqual([404, 'request_not_found'])
  })

  it('lets admins reject a request with a reason only', async () => {
    const erasure = (await visitor().rpc('my_data_request_erasure', { token: (await visitor().rpc('my_data_open_with_link', { manage_token: other.manageToken })).data.token })).data as { request_id: string }
    const noReason = await admin.client.rpc('data_request_reject', { request_id: erasure.request_id, reason: ' ' })
    expect([noReason.status, noReason.error?.code]).toEqual([400, 'reason_required'])
    expect((await staff.client.rpc('data_request_reject', { request_id: erasure.request_id, reason: 'No' })).error?.code).toBe('not_admin')
    expect((await admin.client.rpc('data_request_reject', { request_id: erasure.request_id, reason: 'Open invoice: kept for accounts' })).error).toBeNull()
  })
})
