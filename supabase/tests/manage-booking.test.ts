import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor, clientsOf, type SignedInUser } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'
import { outcome } from './support/bookings.ts'
import { manageTokenHashOf as hashOf, newManageToken, visitorBooking } from './support/manage-token.ts'
import { istSlot, pastWeekday, sameInstant, weekdaysFrom } from './support/slots.ts'

let backend: RunningBackend
let admin: SignedInUser
let staff: SignedInUser
let lastOctet = 0
const days = weekdaysFrom(3, 20)
let nextHour = 0
/** A slot of its own for each booking: the default grid, 9:00 to 17:00 on the next weekdays. */
function freeSlot(dayIndexFrom = 0): string {
  const index = nextHour++
  return istSlot(days[dayIndexFrom + Math.floor(index / 9)]!, 9 + (index % 9))
}

/** A visitor at an address of its own, so no two tests share a per-address count. */
function visitor(address = `198.51.100.${++lastOctet}`) {
  return clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })
}

const service = () => clientFor(backend.url, backend.serviceRoleKey)

interface Booked {
  token: string
  id: string
  leadId: string
  slot: string
}

/** A visitor's lead and booking with a manage token, as the chat makes them. */
async function bookWithToken(slot = freeSlot(), name = 'Asha Verma'): Promise<Booked> {
  const lead = newLead({ name })
  const client = visitor()
  expect((await client.from('leads').insert([lead])).error).toBeNull()
  const { token, hash } = newManageToken()
  const { error } = await client.from('appointments').insert({ lead_id: lead.id, slot_datetime: slot, status: 'scheduled', manage_token_hash: hash })
  expect(error).toBeNull()
  const { data } = await service().from('appointments').select('id').eq('manage_token_hash', hash).single()
  return { token, id: data!.id as string, leadId: lead.id, slot }
}

async function stored(id: string) {
  const { data } = await service().from('appointments').select('slot_datetime, status').eq('id', id).single()
  return data as { slot_datetime: string; status: string }
}

async function historyKinds(leadId: string) {
  const rows = await asSuperuser<{ kind: string; actor_name: string; data: Record<string, unknown> }>(backend.context.db,
    'select kind, actor_name, data from public.lead_events where lead_id = $1 order by id', [leadId])
  return rows
}

beforeAll(async () => {
  backend = await startOwnBackend()
  const clients = clientsOf(backend)
  ;[admin, staff] = await Promise.all([clients.createUserAndSignIn({ admin: true }), clients.createUserAndSignIn({ role: 'staff' })])
})

afterAll(async () => {
  await backend?.close()
})

describe('manage_booking_get', () => {
  it('answers the slot, status, language, whether it can change, the cut-off and the first name, and nothing else', async () => {
    const booked = await bookWithToken(freeSlot(), '  Asha Verma ')
    const { data, error } = await visitor().rpc('manage_booking_get', { token: booked.token })
    expect(error).toBeNull()
    expect(Object.keys(data).sort()).toEqual(['can_change', 'change_cutoff_hours', 'first_name', 'language', 'slot', 'status'])
    expect(data).toMatchObject({ status: 'scheduled', language: 'en', can_change: true, change_cutoff_hours: 12, first_name: 'Asha' })
    expect(sameInstant(data.slot, booked.slot)).toBe(true)
  })

  it('stores only the hash: the token itself is nowhere in the row', async () => {
    const booked = await bookWithToken()
    const [row] = await asSuperuser(backend.context.db, 'select to_jsonb(a)::text as row from public.appointments as a where id = $1', [booked.id])
    expect(String(row!.row)).not.toContain(booked.token)
    expect(String(row!.row)).toContain(hashOf(booked.token))
  })

  it.each([
    ['a tampered token', (t: string) => (t[0] === 'A' ? 'B' : 'A') + t.slice(1)],
    ['a malformed token', () => 'not a token'],
    ['an empty token', () => ''],
    ['a huge token', () => 'A'.repeat(100_000)],
    ['the hash instead of the token', (t: string) => hashOf(t)],
    ['null', () => null],
  ])('answers %s 404 link_not_valid', async (_label, tamper) => {
    const booked = await bookWithToken()
    const answer = await visitor().rpc('manage_booking_get', { token: tamper(booked.token) })
    expect([answer.status, answer.error?.code]).toEqual([404, 'link_not_valid'])
  })

  it.each(['cancelled', 'completed', 'no-show'])('expires when the appointment is %s (same 404)', async (status) => {
    const booked = await bookWithToken()
    expect((await admin.client.from('appointments').update({ status }).eq('id', booked.id)).error).toBeNull()
    expect(await outcome(visitor().rpc('manage_booking_get', { token: booked.token }))).toEqual([404, 'link_not_valid'])
  })

  it('expires when the slot has passed (the booking moved to a past slot)', async () => {
    const booked = await bookWithToken()
    expect((await admin.client.from('appointments').update({ slot_datetime: istSlot(pastWeekday(), 10) }).eq('id', booked.id)).error).toBeNull()
    expect(await outcome(visitor().rpc('manage_booking_get', { token: booked.token }))).toEqual([404, 'link_not_valid'])
  })

  it('refuses a visitor a hash another booking holds', async () => {
    const lead = newLead()
    const client = visitor()
    expect((await client.from('leads').insert([lead])).error).toBeNull()
    const other = await bookWithToken()
    const reused = await client.from('appointments').insert({ lead_id: lead.id, slot_datetime: freeSlot(), status: 'scheduled', manage_token_hash: hashOf(other.token) })
    expect(reused.error?.code).toBe('23505')
  })
})

describe("a visitor's booking needs its manage token's hash", () => {
  const hex = hashOf('a token')
  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['63 hex digits', hex.slice(1)],
    ['65 hex digits', `${hex}0`],
    ['not hex', `${hex.slice(1)}g`],
    ['upper-case hex', hex.toUpperCase()],
    ['the token instead of its hash', newManageToken().token],
    ['huge (100,000 characters)', 'a'.repeat(100_000)],
  ])('refuses a hash that is %s with 400 manage_token_required and stores nothing', async (_label, hash) => {
    const lead = newLead()
    const client = visitor()
    expect((await client.from('leads').insert([lead])).error).toBeNull()
    const row = { ...visitorBooking(lead.id, freeSlot()), manage_token_hash: hash }
    if (hash === undefined) delete row.manage_token_hash
    const refused = await client.from('appointments').insert(row)
    expect([refused.status, refused.error?.code]).toEqual([400, 'manage_token_required'])
    expect(refused.error?.message).toMatch(/SHA-256/)
    const { data } = await service().from('appointments').select('id').eq('lead_id', lead.id)
    expect(data).toEqual([])
  })

  it('lets the service role book without one (no visitor holds that link); staff and admins insert no bookings at all', async () => {
    const lead = newLead()
    expect((await service().from('leads').insert([lead])).error).toBeNull()
    const slot = freeSlot()
    const { lead_id, slot_datetime, status } = visitorBooking(lead.id, slot)
    for (const member of [admin, staff]) {
      expect(await outcome(member.client.from('appointments').insert({ lead_id, slot_datetime, status }))).toEqual([403, '42501'])
    }
    const booked = await service().from('appointments').insert({ lead_id, slot_datetime, status }).select('manage_token_hash').single()
    expect(booked.error).toBeNull()
    expect(booked.data).toEqual({ manage_token_hash: null })
  })
})

describe('manage_booking_reschedule', () => {
  it('moves the booking under the visitor\u2019s rules and records it in the history as the visitor\u2019s', async () => {
    const booked = await bookWithToken()
    const to = freeSlot()
    const { data, error } = await visitor().rpc('manage_booking_reschedule', { token: booked.token, slot: to })
    expect(error).toBeNull()
    expect(sameInstant(data.slot, to)).toBe(true)
    expect(sameInstant((await stored(booked.id)).slot_datetime, to)).toBe(true)
    const last = (await historyKinds(booked.leadId)).at(-1)!
    expect(last).toMatchObject({ kind: 'appointment_rescheduled', actor_name: 'Visitor', data: { by: 'visitor' } })
  })

  it.each([
    ['a time not offered', () => istSlot(days[10]!, 10, 30), 400, 'slot_not_offered'],
    ['past the horizon', () => istSlot(weekdaysFrom(70, 1)[0]!, 10), 400, 'booking_too_far_ahead'],
    ['a past slot', () => istSlot(pastWeekday(), 10), 400, 'booking_too_soon'],
    ['no slot', () => null, 400, 'slot_not_offered'],
  ])('refuses %s with its code, keeping the booking', async (_label, slotOf, status, code) => {
    const booked = await bookWithToken()
    expect(await outcome(visitor().rpc('manage_booking_reschedule', { token: booked.token, slot: slotOf() }))).toEqual([status, code])
    expect(sameInstant((await stored(booked.id)).slot_datetime, booked.slot)).toBe(true)
  })

  it('refuses a full slot with 409 slot_full', async () => {
    const taken = await bookWithToken()
    const booked = await bookWithToken()
    expect(await outcome(visitor().rpc('manage_booking_reschedule', { token: booked.token, slot: taken.slot }))).toEqual([409, 'slot_full'])
  })
})

describe('the change cut-off', () => {
  /** Today's IST date and HH:MM of an instant `minutes` from now. */
  function istWallClock(minutes: number): [string, string] {
    const at = new Date(Date.now() + minutes * 60_000 + 330 * 60_000).toISOString()
    return [at.slice(0, 10), at.slice(11, 16)]
  }

  it('inside it (the slot moved to two hours from now), reschedule and cancel get 409 too_late_to_change; get says can_change false', async () => {
    const booked = await bookWithToken()
    const [day, time] = istWallClock(120)
    expect((await admin.client.rpc('set_date_override', { on_date: day, slots: [{ time }], reason: 'Soon' })).error).toBeNull()
    expect((await admin.client.from('appointments').update({ slot_datetime: `${day}T${time}:00+05:30` }).eq('id', booked.id)).error).toBeNull()

    const got = await visitor().rpc('manage_booking_get', { token: booked.token })
    expect(got.data).toMatchObject({ can_change: false, change_cutoff_hours: 12 })
    const reschedule = await visitor().rpc('manage_booking_reschedule', { token: booked.token, slot: freeSlot() })
    expect([reschedule.status, reschedule.error?.code]).toEqual([409, 'too_late_to_change'])
    expect(reschedule.error?.message).toContain('call')
    expect(await outcome(visitor().rpc('manage_booking_cancel', { token: booked.token }))).toEqual([409, 'too_late_to_change'])
    expect((await stored(booked.id)).status).toBe('scheduled')
  })

  it('reads the setting: with a cut-off of 0 the same booking may change', async () => {
    const booked = await bookWithToken()
    const [day, time] = istWallClock(180)
    expect((await admin.client.rpc('set_date_override', { on_date: day, slots: [{ time }], reason: 'Soon' })).error).toBeNull()
    expect((await admin.client.from('appointments').update({ slot_datetime: `${day}T${time}:00+05:30` }).eq('id', booked.id)).error).toBeNull()
    expect((await admin.client.rpc('set_booking_settings', { settings: { change_cutoff_hours: 0 } })).error).toBeNull()
    try {
      expect((await visitor().rpc('manage_booking_cancel', { token: booked.token })).error).toBeNull()
    } finally {
      await admin.client.rpc('set_booking_settings', { settings: { change_cutoff_hours: 12 } })
    }
  })
})

describe('manage_booking_cancel', () => {
  it('cancels, records appointment_cancelled by the visitor, and the link then answers 404', async () => {
    const booked = await bookWithToken()
    const { data, error } = await visitor().rpc('manage_booking_cancel', { token: booked.token })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'cancelled', can_change: false })
    expect((await stored(booked.id)).status).toBe('cancelled')
    expect((await historyKinds(booked.leadId)).at(-1)).toMatchObject({ kind: 'appointment_cancelled', actor_name: 'Visitor', data: { by: 'visitor', from: 'scheduled' } })
    expect(await outcome(visitor().rpc('manage_booking_get', { token: booked.token }))).toEqual([404, 'link_not_valid'])
  })

  it('two tabs cancelling at once: one cancels, the other gets 409 already_cancelled; one history event', async () => {
    const booked = await bookWithToken()
    const [first, second] = await Promise.all([1, 2].map(() => outcome(visitor().rpc('manage_booking_cancel', { token: booked.token }))))
    expect([first, second].sort()).toEqual([[200, null], [409, 'already_cancelled']])
    expect((await historyKinds(booked.leadId)).filter((event) => event.kind === 'appointment_cancelled')).toHaveLength(1)
  })

  it('another booking\u2019s token changes only that booking', async () => {
    const mine = await bookWithToken()
    const theirs = await bookWithToken()
    expect((await visitor().rpc('manage_booking_cancel', { token: theirs.token })).error).toBeNull()
    expect((await stored(mine.id)).status).toBe('scheduled')
  })
})

describe('the per-address limit', () => {
  it('refuses an address its 31st call within ten minutes with 429, whatever the token', async () => {
    const booked = await bookWithToken()
    const address = '192.0.2.77'
    for (let call = 0; call < 30; call += 1) {
      expect((await visitor(address).rpc('manage_booking_get', { token: booked.token })).error).toBeNull()
    }
    expect(await outcome(visitor(address).rpc('manage_booking_get', { token: booked.token }))).toEqual([429, 'over_request_rate_limit'])
    expect((await visitor().rpc('manage_booking_get', { token: booked.token })).error).toBeNull()
  })
})
