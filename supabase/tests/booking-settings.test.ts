import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestClient } from '../local/testing/clients.ts'
import { book, bookableSlots, bookedBySystem, move, istTime, outcome, savedLeads, settingsOf, startBookingBackend, type BookingBackend } from './support/bookings.ts'
import { istDay, istSlot, sameInstant, saturdayFrom, weekdaysFrom } from './support/slots.ts'

let b: BookingBackend
const spec = { default_capacity: 1, horizon_days: 62, min_notice_minutes: 0, change_cutoff_hours: 12 }
const nineToFive = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']

beforeAll(async () => {
  b = await startBookingBackend()
})

afterAll(async () => {
  await b?.backend.close()
})

const asAdmin = (fn: string, args: Record<string, unknown>) => b.admin.client.rpc(fn, args)

describe('the defaults are the grid the app had', () => {
  it('Monday to Friday 09:00 to 17:00 hourly at capacity 1, weekends closed, and the booking numbers', async () => {
    const settings = await settingsOf(b.anonClient())
    expect(settings).toMatchObject({ ...spec, closures: [], date_overrides: [] })
    expect(settings.weekly_hours.map((day) => [day.weekday, day.open])).toEqual([[1, true], [2, true], [3, true], [4, true], [5, true], [6, false], [7, false]])
    for (const day of settings.weekly_hours) {
      expect(day.slots).toEqual(nineToFive.map((time) => ({ time, capacity: 1 })))
    }
  })
})

describe('who may change the settings', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['set_weekly_hours', { weekday: 6, open: false, slots: [] }],
    ['add_closure', { starts_on: '2031-01-01', ends_on: '2031-01-01', reason: 'Role matrix' }],
    ['remove_closure', { id: '00000000-0000-4000-8000-000000000000' }],
    ['set_date_override', { on_date: '2031-02-01', slots: [], reason: '' }],
    ['remove_date_override', { on_date: '2031-02-02' }],
    ['set_booking_settings', { settings: { change_cutoff_hours: 12 } }],
  ]

  it.each(calls)('%s: visitors get 401 and non-members and staff 403 (42501); nothing changes', async (fn, args) => {
    const before = await settingsOf(b.serviceClient())
    const refused: [string, TestClient, number][] = [['visitor', b.anonClient(), 401], ['non-member', b.outsider.client, 403], ['staff', b.staff.client, 403]]
    for (const [, client, status] of refused) {
      expect(await outcome(client.rpc(fn, args))).toEqual([status, '42501'])
    }
    expect(await settingsOf(b.serviceClient())).toEqual(before)
  })

  it('admins may; everyone reads booking_settings(); bookable_slots answers visitors and members, 42501 to non-members', async () => {
    expect((await asAdmin('set_booking_settings', { settings: { change_cutoff_hours: 12 } })).error).toBeNull()
    for (const client of [b.anonClient(), b.outsider.client, b.staff.client, b.admin.client]) {
      expect((await client.rpc('booking_settings')).error).toBeNull()
    }
    const [day] = weekdaysFrom(3, 1) as [string]
    for (const client of [b.anonClient(), b.staff.client, b.admin.client]) {
      expect((await bookableSlots(client, day, day)).map((row) => istTime(row.slot))).toEqual(nineToFive)
    }
    expect(await outcome(b.outsider.client.rpc('bookable_slots', { from_date: day, to_date: day }))).toEqual([403, '42501'])
  })

  it('records each change: who, when, what; admins read the record, staff do not', async () => {
    const started = Date.now()
    expect((await asAdmin('set_booking_settings', { settings: { change_cutoff_hours: 12 } })).error).toBeNull()
    const { data, error } = await b.admin.client.from('booking_settings_changes').select('*').order('id', { ascending: false }).limit(1).single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ actor_id: b.admin.userId, action: 'booking_numbers', data: { change_cutoff_hours: 12 } })
    expect(new Date(data!.at as string).getTime()).toBeGreaterThan(started - 60_000)
    const staffRead = await b.staff.client.from('booking_settings_changes').select('id')
    expect([staffRead.error, staffRead.data]).toEqual([null, []])
  })
})

describe('weekly hours', () => {
  it('opens Saturday with its own slots (sorted on save, capacity defaulting); visitors then see and book them', async () => {
    const saturday = saturdayFrom(3)
    expect(await bookableSlots(b.anonClient(), saturday, saturday)).toEqual([])
    const [leadId] = await savedLeads(b)
    expect(await outcome(book(b.anonClient(), leadId!, istSlot(saturday, 10)))).toEqual([400, 'slot_not_offered'])

    const saved = await asAdmin('set_weekly_hours', { weekday: 6, open: true, slots: [{ time: '12:30', capacity: 2 }, { time: '10:00' }] })
    expect(saved.error).toBeNull()
    expect(saved.data.weekly_hours[5]).toEqual({ weekday: 6, open: true, slots: [{ time: '10:00', capacity: 1 }, { time: '12:30', capacity: 2 }] })
    const offered = await bookableSlots(b.anonClient(), saturday, saturday)
    expect(offered.map((row) => [istTime(row.slot), row.capacity, row.taken])).toEqual([['10:00', 1, 0], ['12:30', 2, 0]])
    expect((await book(b.anonClient(), leadId!, istSlot(saturday, 12, 30))).error).toBeNull()
    expect((await bookableSlots(b.anonClient(), saturday, saturday))[1]).toMatchObject({ capacity: 2, taken: 1 })

    expect((await asAdmin('set_weekly_hours', { weekday: 6, open: false, slots: [] })).error).toBeNull()
    expect(await bookableSlots(b.anonClient(), saturday, saturday)).toEqual([])
  })

  it.each([
    ['24:00', [{ time: '24:00' }], 'invalid_slot_time'],
    ['-1', [{ time: '-1' }], 'invalid_slot_time'],
    ["'9am'", [{ time: '9am' }], 'invalid_slot_time'],
    ['9:00 without the leading zero', [{ time: '9:00' }], 'invalid_slot_time'],
    ['a number', [{ time: 900 }], 'invalid_slot_time'],
    ['a missing time', [{ capacity: 1 }], 'invalid_slot_time'],
    ['duplicate times', [{ time: '10:00' }, { time: '11:00' }, { time: '10:00', capacity: 2 }], 'duplicate_slot_time'],
    ['capacity 0', [{ time: '10:00', capacity: 0 }], 'capacity_out_of_range'],
    ['capacity 1,000', [{ time: '10:00', capacity: 1000 }], 'capacity_out_of_range'],
    ['capacity 1.5', [{ time: '10:00', capacity: 1.5 }], 'capacity_out_of_range'],
    ["capacity '2'", [{ time: '10:00', capacity: '2' }], 'capacity_out_of_range'],
    ['an unknown key', [{ time: '10:00', consultant: 'Asha' }], 'invalid_slots'],
    ['not a list', { time: '10:00' }, 'invalid_slots'],
    ['a list of strings', ['10:00'], 'invalid_slots'],
    ['97 slots', Array.from({ length: 97 }, (_, i) => ({ time: `${String(Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}` })), 'invalid_slots'],
    ['null', null, 'invalid_slots'],
  ])('refuses %s with 400 and its code, keeping the stored hours', async (_label, slots, code) => {
    const before = await settingsOf(b.serviceClient())
    expect(await outcome(asAdmin('set_weekly_hours', { weekday: 2, open: true, slots }))).toEqual([400, code])
    expect(await settingsOf(b.serviceClient())).toEqual(before)
  })

  it.each([
    ['weekday 0', { weekday: 0, open: true, slots: [{ time: '10:00' }] }, 'invalid_weekday'],
    ['weekday 8', { weekday: 8, open: true, slots: [{ time: '10:00' }] }, 'invalid_weekday'],
    ['open null', { weekday: 2, open: null, slots: [] }, 'invalid_open'],
    ['an open day without slots', { weekday: 2, open: true, slots: [] }, 'open_day_without_slots'],
  ])('refuses %s with 400 and its code', async (_label, args, code) => {
    expect(await outcome(asAdmin('set_weekly_hours', args))).toEqual([400, code])
  })

  it('accepts 00:00 and 23:59', async () => {
    const saved = await asAdmin('set_weekly_hours', { weekday: 7, open: false, slots: [{ time: '23:59' }, { time: '00:00' }] })
    expect(saved.data.weekly_hours[6].slots.map((slot: { time: string }) => slot.time)).toEqual(['00:00', '23:59'])
  })
})

describe('the booking numbers', () => {
  it.each([
    [{ default_capacity: 0 }, 'capacity_out_of_range'],
    [{ default_capacity: 1000 }, 'capacity_out_of_range'],
    [{ horizon_days: 0 }, 'horizon_out_of_range'],
    [{ horizon_days: 3650 }, 'horizon_out_of_range'],
    [{ horizon_days: '62' }, 'horizon_out_of_range'],
    [{ horizon_days: 62.5 }, 'horizon_out_of_range'],
    [{ horizon_days: 1e30 }, 'horizon_out_of_range'],
    [{ min_notice_minutes: -1 }, 'notice_out_of_range'],
    [{ min_notice_minutes: 10081 }, 'notice_out_of_range'],
    [{ change_cutoff_hours: 169 }, 'cutoff_out_of_range'],
    [{ change_cutoff_hours: null }, 'cutoff_out_of_range'],
    [{ horizon_days: 30, consultants: 3 }, 'unknown_setting'],
    [{}, 'invalid_settings'],
    [[1], 'invalid_settings'],
    [null, 'invalid_settings'],
  ])('refuses %j with 400 and its code, changing nothing', async (settings, code) => {
    expect(await outcome(asAdmin('set_booking_settings', { settings }))).toEqual([400, code])
    expect(await settingsOf(b.serviceClient())).toMatchObject(spec)
  })

  it('capacity 2: of 100 visitors booking one slot at once, exactly 2 get it, the rest 409 slot_full', async () => {
    const [day] = weekdaysFrom(5, 1) as [string]
    expect((await asAdmin('set_date_override', { on_date: day, slots: [{ time: '11:00', capacity: 2 }], reason: 'Two consultants' })).error).toBeNull()
    const leads = await savedLeads(b, 100)
    const outcomes = await Promise.all(leads.map((leadId) => outcome(book(b.anonClient(), leadId, istSlot(day, 11)))))
    expect(outcomes.filter(([, code]) => code === null)).toHaveLength(2)
    expect(outcomes.filter(([status, code]) => status === 409 && code === 'slot_full')).toHaveLength(98)
    const { data } = await b.serviceClient().from('appointments').select('id').eq('slot_datetime', istSlot(day, 11))
    expect(data).toHaveLength(2)
    expect(await bookableSlots(b.anonClient(), day, day)).toEqual([expect.objectContaining({ capacity: 2, taken: 2 })])
  })

  it('a raised default capacity applies to slots saved without one; a full slot refuses staff too (409 slot_full)', async () => {
    expect((await asAdmin('set_booking_settings', { settings: { default_capacity: 3 } })).error).toBeNull()
    const saved = await asAdmin('set_weekly_hours', { weekday: 6, open: false, slots: [{ time: '10:00' }] })
    expect(saved.data.weekly_hours[5].slots).toEqual([{ time: '10:00', capacity: 3 }])
    expect((await asAdmin('set_booking_settings', { settings: { default_capacity: 1 } })).error).toBeNull()

    const [day] = weekdaysFrom(6, 1) as [string]
    const [first, second] = await savedLeads(b, 2)
    expect((await book(b.anonClient(), first!, istSlot(day, 9))).error).toBeNull()
    expect(await outcome(book(b.anonClient(), second!, istSlot(day, 9)))).toEqual([409, 'slot_full'])
    const other = await bookedBySystem(b, istSlot(day, 10))
    expect(await outcome(move(b.admin.client, other, istSlot(day, 9)))).toEqual([409, 'slot_full'])
    const [third] = await savedLeads(b)
    expect(await outcome(book(b.serviceClient(), third!, istSlot(day, 9)))).toEqual([409, 'slot_full'])
  })
})

describe('slots the settings do not offer', () => {
  const [day] = weekdaysFrom(7, 1) as [string]
  it.each([
    ['08:00', () => istSlot(day, 8)],
    ['18:00', () => istSlot(day, 18)],
    ['10:30', () => istSlot(day, 10, 30)],
    ['10:00:30', () => `${day}T10:00:30+05:30`],
    ['a Sunday', () => istSlot(saturdayFrom(7).replace(/\d\d$/, (d) => String(Number(d) + 1).padStart(2, '0')), 10)],
  ])('refuses %s with 400 slot_not_offered: a visitor booking, the service role booking, staff and admins moving a booking there', async (_label, slotOf) => {
    const slot = slotOf()
    for (const client of [b.anonClient(), b.serviceClient()]) {
      const [leadId] = await savedLeads(b)
      expect(await outcome(book(client, leadId!, slot))).toEqual([400, 'slot_not_offered'])
    }
    for (const member of [b.staff, b.admin]) {
      const booked = await bookedBySystem(b, istSlot(day, 13))
      expect(await outcome(move(member.client, booked, slot))).toEqual([400, 'slot_not_offered'])
      await b.serviceClient().from('appointments').update({ status: 'cancelled' }).eq('id', booked)
    }
  })

  it('lets status changes of a booking the settings no longer offer pass', async () => {
    const booked = await bookedBySystem(b, istSlot(day, 12))
    expect((await asAdmin('set_date_override', { on_date: day, slots: [], reason: 'Closed' })).error).toBeNull()
    for (const status of ['confirmed', 'completed']) {
      expect((await b.admin.client.from('appointments').update({ status }).eq('id', booked)).error).toBeNull()
    }
    expect((await asAdmin('remove_date_override', { on_date: day })).error).toBeNull()
  })
})

describe('horizon and notice', () => {
  it('visitors book on the 62nd day, not the 63rd; staff book past it; bookable_slots stops there for visitors only', async () => {
    const last = istDay(62)
    const past = istDay(63)
    await asAdmin('set_weekly_hours', { weekday: 6, open: true, slots: [{ time: '10:00' }] })
    await asAdmin('set_weekly_hours', { weekday: 7, open: true, slots: [{ time: '10:00' }] })
    const [a, c] = await savedLeads(b, 2)
    expect((await book(b.anonClient(), a!, istSlot(last, 10))).error).toBeNull()
    expect(await outcome(book(b.anonClient(), c!, istSlot(past, 10)))).toEqual([400, 'booking_too_far_ahead'])
    expect((await move(b.staff.client, await bookedBySystem(b, istSlot(istDay(20), 10)), istSlot(past, 10))).error).toBeNull()
    expect((await bookableSlots(b.anonClient(), istDay(60), istDay(70))).map((row) => row.slot.slice(0, 10) <= last)).not.toContain(false)
    expect((await bookableSlots(b.staff.client, istDay(60), istDay(70))).some((row) => sameInstant(row.slot, istSlot(istDay(70), 10)))).toBe(true)
  })

  it('reads a changed horizon: 365 days, then 1', async () => {
    expect((await asAdmin('set_booking_settings', { settings: { horizon_days: 365 } })).error).toBeNull()
    const [a, c] = await savedLeads(b, 2)
    expect((await book(b.anonClient(), a!, istSlot(istDay(365), 10))).error).toBeNull()
    expect((await asAdmin('set_booking_settings', { settings: { horizon_days: 1 } })).error).toBeNull()
    const refused = await book(b.anonClient(), c!, istSlot(istDay(2), 10))
    expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([400, 'booking_too_far_ahead', 'A visitor may book at most 1 days ahead.'])
    expect((await bookableSlots(b.anonClient(), istDay(0), istDay(5))).every((row) => row.slot.slice(0, 10) <= istDay(1))).toBe(true)
    expect((await asAdmin('set_booking_settings', { settings: { horizon_days: 62 } })).error).toBeNull()
  })

  it('a minimum notice of a week refuses a visitor 400 booking_too_soon sooner, not staff; bookable_slots starts after it', async () => {
    expect((await asAdmin('set_booking_settings', { settings: { min_notice_minutes: 10080 } })).error).toBeNull()
    const [a] = await savedLeads(b)
    const [soon, later] = weekdaysFrom(4, 25).filter((_, i) => i === 0 || i === 20) as [string, string]
    expect(await outcome(book(b.anonClient(), a!, istSlot(soon, 16)))).toEqual([400, 'booking_too_soon'])
    expect((await move(b.staff.client, await bookedBySystem(b, istSlot(later, 16)), istSlot(soon, 16))).error).toBeNull()
    const weekLater = Date.now() + 7 * 24 * 3600_000
    const visible = await bookableSlots(b.anonClient(), istDay(0), istDay(10))
    expect(visible.length).toBeGreaterThan(0)
    expect(visible.every((row) => new Date(row.slot).getTime() >= weekLater - 60_000)).toBe(true)
    expect((await bookableSlots(b.staff.client, istDay(5), istDay(5))).length).toBeGreaterThan(0)
    expect((await asAdmin('set_booking_settings', { settings: { min_notice_minutes: 0 } })).error).toBeNull()
  })
})

describe('bookable_slots', () => {
  it.each([
    [{ from_date: '2030-01-10', to_date: '2030-01-09' }, 'invalid_date_range'],
    [{ from_date: null, to_date: '2030-01-09' }, 'invalid_date_range'],
    [{ from_date: '2030-01-01', to_date: '2030-04-03' }, 'date_range_too_long'],
  ])('refuses %j with 400 and its code', async (args, code) => {
    expect(await outcome(b.anonClient().rpc('bookable_slots', args))).toEqual([400, code])
  })

  it('answers 92 days, and only slot, capacity and taken (never who booked)', async () => {
    const rows = await bookableSlots(b.anonClient(), istDay(0), istDay(91))
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['capacity', 'slot', 'taken'])
  })
})
