import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser, type TestClient } from '../local/testing/clients.ts'
import { validLead } from '../local/testing/raw.ts'
import { changesOf, eventually, sameTurnMs, subscribed } from '../local/testing/realtime.ts'
import { istSlot, randomFutureOffsetDays, weekdaysFrom } from './support/slots.ts'

const everything = [
  { event: '*', table: 'leads' },
  { event: '*', table: 'appointments' },
] as const

let admin: SignedInUser
let member: SignedInUser
let visitor: TestClient
const clients: TestClient[] = []

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
  visitor = anonClient()
  clients.push(admin.client, member.client, visitor)
})

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels()
})

async function stored(table: 'leads' | 'appointments', id: string) {
  const { data, error } = await serviceClient().from(table).select('*').eq('id', id).single()
  expect(error).toBeNull()
  return data as Record<string, unknown>
}

async function addLead(overrides: Record<string, unknown> = {}) {
  const lead = validLead(overrides)
  expect((await serviceClient().from('leads').insert(lead)).error).toBeNull()
  return lead
}

const [bookingDay] = weekdaysFrom(randomFutureOffsetDays(5), 1) as [string]

describe('Realtime postgres_changes for the dashboard', () => {
  it('sends an admin each new and changed lead and appointment, shaped as hosted Realtime sends them', async () => {
    const heard = await subscribed(admin.client, [...everything])
    const lead = await addLead()
    const newLead = await eventually(() => changesOf(heard, lead.id)[0], 'the new lead')
    expect(newLead).toEqual({
      schema: 'public',
      table: 'leads',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      eventType: 'INSERT',
      new: await stored('leads', lead.id),
      old: {},
      errors: null,
    })

    expect((await serviceClient().from('leads').update({ status: 'contacted' }).eq('id', lead.id)).error).toBeNull()
    const changed = await eventually(() => changesOf(heard, lead.id)[1], 'the changed lead')
    expect(changed).toMatchObject({ eventType: 'UPDATE', table: 'leads', errors: null, old: { id: lead.id } })
    expect(changed.new).toEqual(await stored('leads', lead.id))
    expect(changed.old).toEqual({ id: lead.id })

    const booked = await serviceClient()
      .from('appointments')
      .insert({ lead_id: lead.id, slot_datetime: istSlot(bookingDay, 10) })
      .select('id')
      .single()
    expect(booked.error).toBeNull()
    const id = booked.data!.id as string
    const appointment = await eventually(() => changesOf(heard, id)[0], 'the new appointment')
    expect(appointment).toMatchObject({ eventType: 'INSERT', table: 'appointments', errors: null })
    expect(appointment.new).toEqual(await stored('appointments', id))

    expect((await admin.client.from('appointments').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull()
    const confirmed = await eventually(() => changesOf(heard, id)[1], 'the confirmed appointment')
    expect(confirmed).toMatchObject({ eventType: 'UPDATE', new: { id, status: 'confirmed' }, old: { id } })
  })

  it('tells a visitor and a signed-in non-admin nothing of any lead or appointment', async () => {
    const adminHeard = await subscribed(admin.client, [...everything])
    const memberHeard = await subscribed(member.client, [...everything])
    const visitorHeard = await subscribed(visitor, [...everything])
    const lead = await addLead()
    const booked = await serviceClient()
      .from('appointments')
      .insert({ lead_id: lead.id, slot_datetime: istSlot(bookingDay, 11) })
      .select('id')
      .single()
    expect(booked.error).toBeNull()
    await eventually(() => changesOf(adminHeard, booked.data!.id as string)[0], 'the admin to hear the appointment')
    await new Promise((resolve) => setTimeout(resolve, sameTurnMs))

    expect(memberHeard.changes).toEqual([])
    // Hosted Realtime tells a role without SELECT on the primary key that a change happened, never what.
    expect(visitorHeard.changes.length).toBeGreaterThan(0)
    for (const change of visitorHeard.changes) {
      expect(change).toMatchObject({ new: {}, old: {}, errors: ['Error 401: Unauthorized'], commit_timestamp: null })
    }
  })

  it('gives a filtered subscription only the rows that match', async () => {
    const heard = await subscribed(admin.client, [{ event: '*', table: 'leads', filter: 'status=eq.contacted' }])
    const pending = await addLead()
    const contacted = await addLead({ status: 'contacted' })
    expect((await serviceClient().from('leads').update({ status: 'contacted' }).eq('id', pending.id)).error).toBeNull()

    await eventually(() => changesOf(heard, pending.id)[0], 'the lead that became contacted')
    expect(changesOf(heard, contacted.id).map((change) => change.eventType)).toEqual(['INSERT'])
    expect(changesOf(heard, pending.id).map((change) => change.eventType)).toEqual(['UPDATE'])
    for (const change of heard.changes) expect(change.new).toMatchObject({ status: 'contacted' })
  })

  it('carries a change too long for one NOTIFY whole', async () => {
    const heard = await subscribed(admin.client, [{ event: 'UPDATE', table: 'leads' }])
    const long = '💎'.repeat(200)
    const details = { occasion: long, product_type: long, budget_range: long, design_preference: long, metal_choice: long, timeline: long }
    const lead = await addLead(details)
    expect((await serviceClient().from('leads').update({ status: 'contacted' }).eq('id', lead.id)).error).toBeNull()
    const change = await eventually(() => changesOf(heard, lead.id)[0], 'the long lead')
    expect(change.new).toEqual(await stored('leads', lead.id))
    expect(change.new).toMatchObject({ ...details, status: 'contacted' })
  })

  it('tells of a deleted lead with its primary key only, as hosted does under row-level security', async () => {
    const heard = await subscribed(admin.client, [{ event: 'DELETE', table: 'leads' }])
    const lead = await addLead({ email: 'asha@example.com' })
    expect((await serviceClient().from('leads').delete().eq('id', lead.id)).error).toBeNull()
    const change = await eventually(() => changesOf(heard, lead.id)[0], 'the deleted lead')
    expect(change).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: lead.id }, errors: null })
    expect(change.old).toEqual({ id: lead.id })
  })
})
