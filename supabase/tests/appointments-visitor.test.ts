import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from '../local/testing/clients.ts'
import type { BookableSlot } from './support/bookings.ts'
import { newLead } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, pastWeekday, sameInstant, saturdayFrom, visitorBookingDays } from './support/slots.ts'

const [monday, tuesday, wednesday, thursday, friday] = visitorBookingDays(0) as [string, string, string, string, string]

/** A visitor's lead, saved as the chat saves it. */
async function visitorLead(): Promise<string> {
  const lead = newLead()
  const { error } = await anonClient().from('leads').insert([lead])
  if (error) throw new Error(`arranging the lead failed: ${error.message}`)
  return lead.id
}

/** A visitor's booking, for a lead of its own unless told (a lead holds one active booking). */
async function book(slot: string, status = 'scheduled', lead?: string) {
  return anonClient().from('appointments').insert(visitorBooking(lead ?? (await visitorLead()), slot, status))
}

async function storedAt(slot: string) {
  const { data, error } = await serviceClient().from('appointments').select('*').eq('slot_datetime', slot)
  expect(error).toBeNull()
  return data ?? []
}

describe('a visitor (anon) booking an appointment', () => {
  it('books a future weekday slot in business hours, stored as scheduled', async () => {
    const slot = istSlot(monday, 11)
    const leadId = await visitorLead()
    const { data, error } = await book(slot, 'scheduled', leadId)
    expect(error).toBeNull()
    expect(data).toBeNull()
    const [stored] = await storedAt(slot)
    expect(stored).toMatchObject({ lead_id: leadId, status: 'scheduled' })
    expect(sameInstant(stored.slot_datetime, slot)).toBe(true)
  })

  it('can book each of the 9 hourly slots from 9:00 to 17:00 IST', async () => {
    for (let hour = 9; hour <= 17; hour += 1) {
      expect((await book(istSlot(tuesday, hour))).error).toBeNull()
    }
  })

  it('gets 409 slot_full when the slot is already taken, and the first booking stays the only one', async () => {
    const slot = istSlot(wednesday, 10)
    expect((await book(slot)).error).toBeNull()
    const second = await book(slot)
    expect([second.status, second.error?.code]).toEqual([409, 'slot_full'])
    expect(await storedAt(slot)).toHaveLength(1)
  })

  it('can take a slot again once its booking is cancelled', async () => {
    const slot = istSlot(wednesday, 12)
    expect((await book(slot)).error).toBeNull()
    await serviceClient().from('appointments').update({ status: 'cancelled' }).eq('slot_datetime', slot)
    expect((await book(slot)).error).toBeNull()
    expect((await storedAt(slot)).map((row) => row.status).sort()).toEqual(['cancelled', 'scheduled'])
  })

  it.each([
    ['a Saturday', istSlot(saturdayFrom(3), 11)],
    ['8:00 IST', istSlot(thursday, 8)],
    ['18:00 IST', istSlot(thursday, 18)],
    ['10:30 IST', istSlot(thursday, 10, 30)],
    ['10:00:30 IST', `${thursday}T10:00:30+05:30`],
    ['11:00 UTC (16:30 IST)', `${thursday}T11:00:00Z`],
  ])('refuses %s, which the default settings do not offer, with 400 slot_not_offered', async (_label, slot) => {
    const { status, error } = await book(slot)
    expect([status, error?.code]).toEqual([400, 'slot_not_offered'])
    expect(await storedAt(slot)).toHaveLength(0)
  })

  it('refuses a past slot with 400 booking_too_soon', async () => {
    const slot = istSlot(pastWeekday(), 11)
    const { status, error } = await book(slot)
    expect([status, error?.code]).toEqual([400, 'booking_too_soon'])
    expect(await storedAt(slot)).toHaveLength(0)
  })

  it.each(['confirmed', 'completed', 'cancelled', 'no-show'])('refuses a booking with status %s (42501)', async (status) => {
    const slot = istSlot(friday, 9)
    const { error } = await book(slot, status)
    expect(error?.code).toBe('42501')
    expect(await storedAt(slot)).toHaveLength(0)
  })

  it('refuses a booking for a lead that does not exist (23503)', async () => {
    const slot = istSlot(friday, 10)
    const { error } = await book(slot, 'scheduled', 'no-such-lead')
    expect(error?.code).toBe('23503')
    expect(await storedAt(slot)).toHaveLength(0)
  })

  it('cannot read, update or delete appointments', async () => {
    const slot = istSlot(friday, 11)
    expect((await book(slot)).error).toBeNull()
    const read = await anonClient().from('appointments').select('*')
    expect(read.error?.code).toBe('42501')
    expect(read.data ?? []).toHaveLength(0)
    const update = await anonClient().from('appointments').update({ status: 'confirmed' }).eq('slot_datetime', slot)
    expect(update.error?.code).toBe('42501')
    const removal = await anonClient().from('appointments').delete().eq('slot_datetime', slot)
    expect(removal.error?.code).toBe('42501')
    expect((await storedAt(slot)).map((row) => row.status)).toEqual(['scheduled'])
  })
})

describe('bookable_slots, what a visitor may know about booked slots', () => {
  const takenDay = visitorBookingDays(1)[0] as string

  beforeAll(async () => {
    for (const hour of [9, 13, 17]) {
      const { error } = await book(istSlot(takenDay, hour))
      if (error) throw new Error(`arranging a booking failed: ${error.message}`)
    }
    await serviceClient().from('appointments').update({ status: 'cancelled' }).eq('slot_datetime', istSlot(takenDay, 13))
  })

  it('counts only active bookings as taken, and tells only slot, capacity and taken', async () => {
    const { data, error } = await anonClient().rpc('bookable_slots', { from_date: takenDay, to_date: takenDay })
    expect(error).toBeNull()
    const slots = data as BookableSlot[]
    const takenAt = (hour: number) => slots.find((row) => sameInstant(row.slot, istSlot(takenDay, hour)))?.taken
    expect([takenAt(9), takenAt(13), takenAt(17)]).toEqual([1, 0, 1])
    for (const row of slots) expect(Object.keys(row).sort()).toEqual(['capacity', 'slot', 'taken'])
  })

  it('refuses a bound that is not a date with 22007', async () => {
    const { error } = await anonClient().rpc('bookable_slots', { from_date: 'tomorrow-ish', to_date: takenDay })
    expect(error?.code).toBe('22007')
  })
})
