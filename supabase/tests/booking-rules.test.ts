import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, clientsOf, createUserAndSignIn, serviceClient, type SignedInUser, type TestClient } from '../local/testing/clients.ts'
import { databaseBefore } from '../local/testing/database-before.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead, newLeadBeforeNotices } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { defaultHorizonDays as scheduledRange, istDay, istSlot, randomFutureOffsetDays, sameInstant, visitorBookingDays, weekdaysBetween, weekdaysFrom } from './support/slots.ts'

const days = visitorBookingDays(2)
/** Slots of this file's band, each used once. */
const freeSlots = days.flatMap((day) => [9, 10, 11, 12, 13, 14, 15, 16, 17].map((hour) => istSlot(day, hour)))
const nextSlot = () => {
  const slot = freeSlots.shift()
  if (!slot) throw new Error('this file ran out of booking slots')
  return slot
}
/** Far ahead, where only staff book. */
const [farDay] = weekdaysFrom(randomFutureOffsetDays(6), 1) as [string]

let admin: SignedInUser

async function visitorLead(client: TestClient = anonClient()): Promise<string> {
  const lead = newLead()
  const { error } = await client.from('leads').insert([lead])
  if (error) throw new Error(`arranging the lead failed: ${error.message}`)
  return lead.id
}

function book(leadId: string, slot: string, client: TestClient = anonClient()) {
  return client.from('appointments').insert(visitorBooking(leadId, slot))
}

async function appointmentsOf(leadId: string, client: TestClient = serviceClient()) {
  const { data, error } = await client.from('appointments').select('id, slot_datetime, status').eq('lead_id', leadId).order('created_at')
  expect(error).toBeNull()
  return data ?? []
}

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
})

describe('a lead holds at most one active appointment', () => {
  it('refuses a visitor a second booking for the lead with 409 lead_already_booked, keeping the first', async () => {
    const leadId = await visitorLead()
    const first = nextSlot()
    expect((await book(leadId, first)).error).toBeNull()
    const second = await book(leadId, nextSlot())
    expect([second.status, second.error?.code]).toEqual([409, 'lead_already_booked'])
    expect(second.error?.message).toBe('This lead already has an active appointment. Change or cancel it instead of booking another.')
    const stored = await appointmentsOf(leadId)
    expect(stored).toHaveLength(1)
    expect(sameInstant(stored[0]!.slot_datetime, first)).toBe(true)
  })

  it('counts a confirmed appointment as active; once it is cancelled the visitor may book again', async () => {
    const leadId = await visitorLead()
    expect((await book(leadId, nextSlot())).error).toBeNull()
    const [booked] = await appointmentsOf(leadId)
    expect((await admin.client.from('appointments').update({ status: 'confirmed' }).eq('id', booked!.id)).error).toBeNull()
    expect((await book(leadId, nextSlot())).error?.code).toBe('lead_already_booked')
    expect((await admin.client.from('appointments').update({ status: 'cancelled' }).eq('id', booked!.id)).error).toBeNull()
    expect((await book(leadId, nextSlot())).error).toBeNull()
    expect((await appointmentsOf(leadId)).map((row) => row.status)).toEqual(['cancelled', 'scheduled'])
  })

  it('lets exactly one of several bookings sent at once for one lead through', async () => {
    const leadId = await visitorLead()
    const slots = Array.from({ length: 6 }, nextSlot)
    const outcomes = await Promise.all(slots.map(async (slot) => (await book(leadId, slot)).error?.code ?? 'booked'))
    expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'lead_already_booked')).toHaveLength(5)
    expect(await appointmentsOf(leadId)).toHaveLength(1)
  })

  it('holds for the service role too', async () => {
    const leadId = await visitorLead()
    expect((await book(leadId, istSlot(farDay, 9), serviceClient())).error).toBeNull()
    expect((await book(leadId, istSlot(farDay, 10), serviceClient())).error?.code).toBe('lead_already_booked')
  })
})

describe('admins manage bookings as before', () => {
  it('reschedule a visitor booking, also beyond the visitors\u2019 range, and change its status', async () => {
    const leadId = await visitorLead()
    expect((await book(leadId, nextSlot())).error).toBeNull()
    const [booked] = await appointmentsOf(leadId)
    const moved = await admin.client
      .from('appointments')
      .update({ slot_datetime: istSlot(farDay, 11), status: 'scheduled', updated_at: new Date().toISOString() })
      .eq('id', booked!.id)
      .select('slot_datetime, status')
      .single()
    expect(moved.error).toBeNull()
    expect(sameInstant(moved.data!.slot_datetime, istSlot(farDay, 11))).toBe(true)
    for (const status of ['confirmed', 'completed', 'scheduled']) {
      expect((await admin.client.from('appointments').update({ status }).eq('id', booked!.id)).error).toBeNull()
    }
  })

  it('cannot make a cancelled appointment active again while the lead holds another (409), and can once it does not', async () => {
    const leadId = await visitorLead()
    expect((await book(leadId, nextSlot())).error).toBeNull()
    const [first] = await appointmentsOf(leadId)
    expect((await admin.client.from('appointments').update({ status: 'cancelled' }).eq('id', first!.id)).error).toBeNull()
    expect((await book(leadId, nextSlot())).error).toBeNull()
    const [, second] = await appointmentsOf(leadId)

    const revived = await admin.client.from('appointments').update({ slot_datetime: istSlot(farDay, 12), status: 'scheduled' }).eq('id', first!.id)
    expect([revived.status, revived.error?.code]).toEqual([409, 'lead_already_booked'])
    expect((await appointmentsOf(leadId)).map((row) => row.status)).toEqual(['cancelled', 'scheduled'])

    expect((await admin.client.from('appointments').update({ status: 'no-show' }).eq('id', second!.id)).error).toBeNull()
    expect((await admin.client.from('appointments').update({ status: 'scheduled' }).eq('id', first!.id)).error).toBeNull()
  })
})

describe("a visitor books at most 62 days ahead, the scheduler's range", () => {
  it('books the last weekday of the range', async () => {
    const lastDay = weekdaysBetween(scheduledRange - 3, scheduledRange).at(-1)!
    const leadId = await visitorLead()
    expect((await book(leadId, istSlot(lastDay, 17))).error).toBeNull()
  })

  it.each([
    ['a day past the range', () => istSlot(weekdaysFrom(scheduledRange + 1, 1)[0]!, 9)],
    ['the next year', () => istSlot(weekdaysFrom(370, 1)[0]!, 10)],
    ['9999-12-31', () => '9999-12-31T11:00:00+05:30'],
  ])('refuses a slot %s with 400 booking_too_far_ahead, storing nothing', async (_when, slotOf) => {
    const slot = slotOf()
    expect(slot.slice(0, 10) > istDay(scheduledRange)).toBe(true)
    const leadId = await visitorLead()
    const { status, error } = await book(leadId, slot)
    expect([status, error?.code, error?.message]).toEqual([400, 'booking_too_far_ahead', `A visitor may book at most ${scheduledRange} days ahead.`])
    expect(await appointmentsOf(leadId)).toEqual([])
  })
})

describe('a lead that held two active appointments before these rules', () => {
  const rulesMigration = '20261125000300_visitor_bookings.sql'
  const database = databaseBefore(rulesMigration, 'booking-rules-')
  const lead = newLeadBeforeNotices()
  const [day] = visitorBookingDays(0) as [string]

  beforeAll(async () => {
    await database.setUp()
    await database.withBackend(async (backend) => {
      const visitor = clientsOf(backend).anonClient()
      expect((await visitor.from('leads').insert([lead])).error).toBeNull()
      // Booked as visitors did before the manage link's hash existed.
      for (const hour of [9, 10]) {
        expect((await visitor.from('appointments').insert({ lead_id: lead.id, slot_datetime: istSlot(day, hour), status: 'scheduled' })).error).toBeNull()
      }
    })
    await database.applyTheRest()
  })

  afterAll(() => database.tearDown())

  it('keeps both; staff reschedule and confirm them; a visitor cannot add a third', async () => {
    await database.withBackend(async (backend) => {
      const clients = clientsOf(backend)
      const staff = (await clients.createUserAndSignIn({ admin: true })).client
      const held = await appointmentsOf(lead.id, clients.serviceClient())
      expect(held.map((row) => row.status)).toEqual(['scheduled', 'scheduled'])
      const moved = await staff.from('appointments').update({ slot_datetime: istSlot(day, 15), status: 'scheduled' }).eq('id', held[0]!.id)
      expect(moved.error).toBeNull()
      expect((await staff.from('appointments').update({ status: 'confirmed' }).eq('id', held[1]!.id)).error).toBeNull()
      expect((await book(lead.id, istSlot(day, 16), clients.anonClient())).error?.code).toBe('lead_already_booked')
      const rows = await asSuperuser(backend.context.db, 'select status from public.appointments where lead_id = $1 order by created_at', [lead.id])
      expect(rows).toEqual([{ status: 'scheduled' }, { status: 'confirmed' }])
    })
  })
})
