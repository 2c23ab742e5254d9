import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookedBySystem, startBookingBackend, type BookingBackend } from '@backend/tests/support/bookings'
import { istWallClock, inIst } from '@/lib/dayjs'
import { createSchedulingApi } from './scheduling-api'

// The settings are the whole business's: a backend of this file's own.
let backend: BookingBackend

beforeAll(async () => {
  backend = await startBookingBackend()
})

afterAll(async () => {
  await backend?.backend.close()
})

/** The IST date of the next given ISO weekday (1 Monday ... 7 Sunday) at least a week ahead, so notice never hides it. */
function nextWeekday(weekday: number): string {
  let day = inIst(Date.now()).add(7, 'day')
  while (((day.day() + 6) % 7) + 1 !== weekday) day = day.add(1, 'day')
  return day.format('YYYY-MM-DD')
}

test("a visitor reads the settings' slots with capacity and counts: an opened Saturday offered, a closed Monday not, a booking counted", async () => {
  const saturday = nextWeekday(6)
  const monday = nextWeekday(1)
  const admin = backend.admin.client
  expect((await admin.rpc('set_weekly_hours', { weekday: 6, open: true, slots: [{ time: '11:00', capacity: 2 }] })).error).toBeNull()
  expect((await admin.rpc('add_closure', { starts_on: monday, ends_on: monday, reason: 'Stock taking' })).error).toBeNull()
  await bookedBySystem(backend, istWallClock(saturday, '11:00').toISOString())

  const visitor = createSchedulingApi(backend.anonClient())
  const slots = await visitor.fetchBookableSlots(saturday < monday ? saturday : monday, saturday < monday ? monday : saturday)
  const on = (date: string) => slots.filter((slot) => inIst(slot.slot).format('YYYY-MM-DD') === date)
  expect(on(saturday).map((slot) => ({ ...slot, slot: new Date(slot.slot).toISOString() }))).toEqual([
    { slot: istWallClock(saturday, '11:00').toISOString(), capacity: 2, taken: 1 },
  ])
  expect(on(monday)).toEqual([])
  for (const slot of slots) expect(Object.keys(slot).sort()).toEqual(['capacity', 'slot', 'taken'])
})

test('a reversed or too long range is refused with a code', async () => {
  const visitor = createSchedulingApi(backend.anonClient())
  await expect(visitor.fetchBookableSlots('2027-01-10', '2027-01-01')).rejects.toMatchObject({ code: 'invalid_date_range' })
  await expect(visitor.fetchBookableSlots('2027-01-01', '2027-06-01')).rejects.toMatchObject({ code: 'date_range_too_long' })
})
