import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookedBySystem, startBookingBackend, type BookingBackend } from '@backend/tests/support/bookings'
import { inIst, istWallClock } from '@/lib/dayjs'
import { createRemindersApi } from './reminders-api'

const signal = () => new AbortController().signal

// Which appointments fall in the next 24 hours depends on every booking: a backend of this file's own.
let backend: BookingBackend

beforeAll(async () => {
  backend = await startBookingBackend()
})

afterAll(async () => {
  await backend?.backend.close()
})

/** A booking `hours` from now (to the minute), on a date override the admin sets for it, as the booking rule needs. */
async function bookingIn(hours: number): Promise<string> {
  const at = inIst(Date.now() + hours * 3_600_000)
  const [day, time] = [at.format('YYYY-MM-DD'), at.format('HH:mm')]
  const { data } = await backend.admin.client.rpc('booking_settings')
  const override = (data.date_overrides as { on_date: string; slots: { time: string; capacity: number }[] }[]).find((o) => o.on_date === day)
  const slots = [...(override?.slots ?? []).filter((slot) => slot.time !== time), { time, capacity: 50 }]
  expect((await backend.admin.client.rpc('set_date_override', { on_date: day, slots, reason: 'Reminders api test' })).error).toBeNull()
  return bookedBySystem(backend, istWallClock(day, time).toISOString())
}

test('lists an appointment within 24 hours until a member sends the reminder, which is recorded once', async () => {
  const api = createRemindersApi(backend.staff.client)
  const soon = await bookingIn(3)
  const later = await bookingIn(30)
  const due = await api.fetchRemindersDue(signal())
  expect(due.map((reminder) => reminder.appointment_id)).toContain(soon)
  expect(due.map((reminder) => reminder.appointment_id)).not.toContain(later)
  expect(due.find((item) => item.appointment_id === soon)?.lead_phone).toMatch(/^\d{10}$/)

  const first = await api.markReminded(soon)
  expect(await api.markReminded(soon)).toBe(first)
  expect((await api.fetchRemindersDue(signal())).map((item) => item.appointment_id)).not.toContain(soon)
  const { data } = await backend.serviceClient().from('appointments').select('reminded_by').eq('id', soon).single()
  expect(data?.reminded_by).toBe(backend.staff.userId)
})

test('a visitor and a user outside the team are refused', async () => {
  await expect(createRemindersApi(backend.anonClient()).fetchRemindersDue(signal())).rejects.toHaveProperty('code')
  await expect(createRemindersApi(backend.outsider.client).fetchRemindersDue(signal())).rejects.toMatchObject({ code: '42501' })
})
