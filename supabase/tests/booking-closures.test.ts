import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book, bookableSlots, bookedBySystem, istTime, move, outcome, savedLeads, settingsOf, startBookingBackend, type BookingBackend } from './support/bookings.ts'
import { istSlot, saturdayFrom, weekdaysFrom } from './support/slots.ts'

let b: BookingBackend

beforeAll(async () => {
  b = await startBookingBackend()
})

afterAll(async () => {
  await b?.backend.close()
})

const asAdmin = (fn: string, args: Record<string, unknown>) => b.admin.client.rpc(fn, args)
/** Ten weekdays from a week ahead, each test taking its own. */
const days = weekdaysFrom(7, 10)
const dayOf = (index: number) => days[index]!

async function closureIds(): Promise<string[]> {
  return (await settingsOf(b.serviceClient())).closures.map((closure) => closure.id)
}

describe('closures', () => {
  it('a single day: nothing offered, visitors refused 400 slot_not_offered, staff cannot move a booking there; removing it reopens the day', async () => {
    const day = dayOf(0)
    const added = await asAdmin('add_closure', { starts_on: day, ends_on: day, reason: '  Diwali  ' })
    expect(added.error).toBeNull()
    const closure = added.data.closures.find((c: { starts_on: string }) => c.starts_on === day)
    expect(closure).toMatchObject({ starts_on: day, ends_on: day, reason: 'Diwali' })
    expect(await bookableSlots(b.anonClient(), day, day)).toEqual([])
    const [leadId] = await savedLeads(b)
    expect(await outcome(book(b.anonClient(), leadId!, istSlot(day, 10)))).toEqual([400, 'slot_not_offered'])
    const booked = await bookedBySystem(b, istSlot(dayOf(9), 10))
    expect(await outcome(move(b.staff.client, booked, istSlot(day, 10)))).toEqual([400, 'slot_not_offered'])

    expect((await asAdmin('remove_closure', { id: closure.id })).error).toBeNull()
    expect(await bookableSlots(b.anonClient(), day, day)).toHaveLength(9)
    expect(await outcome(asAdmin('remove_closure', { id: closure.id }))).toEqual([404, 'closure_not_found'])
  })

  it('a range closes every day in it, inclusive, and no day outside it', async () => {
    const [first, , last] = [dayOf(1), dayOf(2), dayOf(3)]
    expect((await asAdmin('add_closure', { starts_on: first, ends_on: last, reason: 'Wedding season stocktake' })).error).toBeNull()
    expect(await bookableSlots(b.anonClient(), first, last)).toEqual([])
    expect(await bookableSlots(b.anonClient(), dayOf(4), dayOf(4))).toHaveLength(9)
  })

  it.each([
    ['reversed', () => ({ starts_on: dayOf(6), ends_on: dayOf(5), reason: 'Backwards' }), 400, 'closure_reversed'],
    ['overlapping another', () => ({ starts_on: dayOf(3), ends_on: dayOf(5), reason: 'Overlap' }), 400, 'closure_overlaps'],
    ['inside another', () => ({ starts_on: dayOf(2), ends_on: dayOf(2), reason: 'Inside' }), 400, 'closure_overlaps'],
    ['over three years', () => ({ starts_on: '2040-01-01', ends_on: '2043-01-02', reason: 'Long' }), 400, 'closure_too_long'],
    ['without a last day', () => ({ starts_on: dayOf(6), ends_on: null, reason: 'Open-ended' }), 400, 'invalid_closure_dates'],
    ['with an empty reason', () => ({ starts_on: dayOf(6), ends_on: dayOf(6), reason: '   ' }), 400, 'invalid_closure_reason'],
    ['with an 81-character reason', () => ({ starts_on: dayOf(6), ends_on: dayOf(6), reason: 'x'.repeat(81) }), 400, 'invalid_closure_reason'],
    ['with a huge reason', () => ({ starts_on: dayOf(6), ends_on: dayOf(6), reason: 'x'.repeat(100_000) }), 400, 'invalid_closure_reason'],
    ['with a control character', () => ({ starts_on: dayOf(6), ends_on: dayOf(6), reason: 'Di\u0007wali' }), 400, 'invalid_closure_reason'],
  ])('refuses a closure %s, storing nothing', async (_label, argsOf, status, code) => {
    const before = await closureIds()
    expect(await outcome(asAdmin('add_closure', argsOf()))).toEqual([status, code])
    expect(await closureIds()).toEqual(before)
  })

  it('accepts exactly three years', async () => {
    const added = await asAdmin('add_closure', { starts_on: '2050-01-01', ends_on: '2053-01-01', reason: 'Renovation' })
    expect(added.error).toBeNull()
  })
})

describe('date overrides', () => {
  it('other slots on one date replace its weekday\u2019s; an empty list closes the day; removing restores the weekday', async () => {
    const day = dayOf(6)
    expect((await asAdmin('set_date_override', { on_date: day, slots: [{ time: '18:30', capacity: 2 }, { time: '11:15' }], reason: 'Late opening' })).error).toBeNull()
    expect((await bookableSlots(b.anonClient(), day, day)).map((row) => [istTime(row.slot), row.capacity])).toEqual([['11:15', 1], ['18:30', 2]])
    const [a, c] = await savedLeads(b, 2)
    expect((await book(b.anonClient(), a!, istSlot(day, 18, 30))).error).toBeNull()
    expect(await outcome(book(b.anonClient(), c!, istSlot(day, 10)))).toEqual([400, 'slot_not_offered'])

    expect((await asAdmin('set_date_override', { on_date: day, slots: [], reason: 'Closed' })).error).toBeNull()
    expect(await bookableSlots(b.anonClient(), day, day)).toEqual([])
    expect(await outcome(book(b.anonClient(), c!, istSlot(day, 11, 15)))).toEqual([400, 'slot_not_offered'])

    expect((await asAdmin('remove_date_override', { on_date: day })).error).toBeNull()
    expect(await bookableSlots(b.anonClient(), day, day)).toHaveLength(9)
    expect(await outcome(asAdmin('remove_date_override', { on_date: day }))).toEqual([404, 'override_not_found'])
  })

  it('opens a closed weekend day', async () => {
    const day = saturdayFrom(30)
    expect(await bookableSlots(b.anonClient(), day, day)).toEqual([])
    expect((await asAdmin('set_date_override', { on_date: day, slots: [{ time: '12:00' }], reason: 'Trunk show' })).error).toBeNull()
    expect((await bookableSlots(b.anonClient(), day, day)).map((row) => istTime(row.slot))).toEqual(['12:00'])
  })

  it.each([
    [{ on_date: null, slots: [] }, 'invalid_override_date'],
    [{ on_date: '1999-12-31', slots: [] }, 'invalid_override_date'],
    [{ on_date: '2031-03-03', slots: [{ time: '25:00' }] }, 'invalid_slot_time'],
    [{ on_date: '2031-03-03', slots: [{ time: '10:00' }, { time: '10:00' }] }, 'duplicate_slot_time'],
    [{ on_date: '2031-03-03', slots: [{ time: '10:00', capacity: 51 }] }, 'capacity_out_of_range'],
    [{ on_date: '2031-03-03', slots: [], reason: 'y'.repeat(81) }, 'invalid_override_reason'],
  ])('refuses %j with 400 and its code, storing nothing', async (args, code) => {
    expect(await outcome(asAdmin('set_date_override', args))).toEqual([400, code])
    expect((await settingsOf(b.serviceClient())).date_overrides.map((o) => o.on_date)).not.toContain('2031-03-03')
  })
})

describe('bookings needing attention', () => {
  it('lists a booking a new closure falls on, and the latest bookings over a lowered capacity; the bookings stay as they were', async () => {
    const [closed, crowded] = [dayOf(7), dayOf(8)]
    const onClosed = await bookedBySystem(b, istSlot(closed, 14))
    expect((await asAdmin('set_date_override', { on_date: crowded, slots: [{ time: '15:00', capacity: 2 }] })).error).toBeNull()
    const first = await bookedBySystem(b, istSlot(crowded, 15))
    const second = await bookedBySystem(b, istSlot(crowded, 15))
    const { data: none } = await b.admin.client.rpc('bookings_needing_attention')
    expect((none as { appointment_id: string }[]).map((row) => row.appointment_id)).not.toContain(onClosed)

    expect((await asAdmin('add_closure', { starts_on: closed, ends_on: closed, reason: 'Family wedding' })).error).toBeNull()
    expect((await asAdmin('set_date_override', { on_date: crowded, slots: [{ time: '15:00', capacity: 1 }] })).error).toBeNull()
    const { data, error } = await b.admin.client.rpc('bookings_needing_attention')
    expect(error).toBeNull()
    const listed = (data as { appointment_id: string; reason: string; status: string; lead_name: string }[])
      .filter((row) => [onClosed, first, second].includes(row.appointment_id))
    expect(listed.map((row) => [row.appointment_id, row.reason, row.status])).toEqual([
      [onClosed, 'not_offered', 'scheduled'],
      [second, 'over_capacity', 'scheduled'],
    ])
    expect(listed[0]!.lead_name).toEqual(expect.any(String))
    const { data: stored } = await b.serviceClient().from('appointments').select('id, status').in('id', [onClosed, first, second])
    expect(stored!.every((row) => row.status === 'scheduled')).toBe(true)
  })

  it('answers staff for the leads they read, and 42501 to visitors and non-members', async () => {
    expect((await b.staff.client.rpc('bookings_needing_attention')).error).toBeNull()
    expect(await outcome(b.anonClient().rpc('bookings_needing_attention'))).toEqual([401, '42501'])
    expect(await outcome(b.outsider.client.rpc('bookings_needing_attention'))).toEqual([403, '42501'])
  })
})
