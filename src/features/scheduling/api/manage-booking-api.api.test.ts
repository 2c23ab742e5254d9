import { afterAll, beforeAll, expect, test } from 'vitest'
import { savedLeads, startBookingBackend, type BookingBackend } from '@backend/tests/support/bookings'
import { inIst, istWallClock } from '@/lib/dayjs'
import { manageTokenHash, newManageToken } from '../manage-token'
import { createManageBookingApi } from './manage-booking-api'

// The cut-off is a setting of the whole business: a backend of this file's own.
let backend: BookingBackend

beforeAll(async () => {
  backend = await startBookingBackend()
})

afterAll(async () => {
  await backend?.backend.close()
})

/** The IST date `days` ahead, moved on to the next Monday to Friday (open by default). */
function weekdayAfter(days: number): string {
  let day = inIst(Date.now()).add(days, 'day')
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day')
  return day.format('YYYY-MM-DD')
}

/** A visitor's booking made as the chat makes it: the token's hash sent with the insert; the token. */
async function bookedWithToken(date: string, time: string): Promise<string> {
  const [leadId] = await savedLeads(backend)
  const token = newManageToken()
  const { error } = await backend
    .anonClient()
    .from('appointments')
    .insert({ lead_id: leadId, slot_datetime: istWallClock(date, time).toISOString(), status: 'scheduled', manage_token_hash: await manageTokenHash(token) })
  if (error) throw new Error(`booking failed: ${error.message}`)
  return token
}

test('the token opens its booking, showing only the slot, status, language, change rule and first name', async () => {
  const day = weekdayAfter(5)
  const token = await bookedWithToken(day, '10:00')
  const booking = await createManageBookingApi(backend.anonClient()).fetchManagedBooking(token)
  expect(Object.keys(booking).sort()).toEqual(['can_change', 'change_cutoff_hours', 'first_name', 'language', 'slot', 'status'])
  expect(new Date(booking.slot).toISOString()).toBe(istWallClock(day, '10:00').toISOString())
  expect(booking).toMatchObject({ status: 'scheduled', can_change: true, change_cutoff_hours: 12 })
})

test('a wrong, tampered or malformed token gets link_not_valid', async () => {
  const api = createManageBookingApi(backend.anonClient())
  const token = await bookedWithToken(weekdayAfter(6), '11:00')
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  for (const bad of [newManageToken(), tampered, '', 'x'.repeat(5000), "' or 1=1 --"]) {
    await expect(api.fetchManagedBooking(bad)).rejects.toMatchObject({ code: 'link_not_valid' })
  }
})

test('reschedules onto another offered slot, then cancels; a second cancel says already_cancelled and the link stops working', async () => {
  const api = createManageBookingApi(backend.anonClient())
  const day = weekdayAfter(7)
  const token = await bookedWithToken(day, '12:00')
  const moved = await api.rescheduleManagedBooking(token, istWallClock(day, '14:00').toISOString())
  expect(new Date(moved.slot).toISOString()).toBe(istWallClock(day, '14:00').toISOString())
  await expect(api.rescheduleManagedBooking(token, istWallClock(day, '20:00').toISOString())).rejects.toMatchObject({ code: 'slot_not_offered' })
  expect((await api.cancelManagedBooking(token)).status).toBe('cancelled')
  await expect(api.cancelManagedBooking(token)).rejects.toMatchObject({ code: 'already_cancelled' })
  await expect(api.fetchManagedBooking(token)).rejects.toMatchObject({ code: 'link_not_valid' })
})

test('inside the cut-off a change is refused with too_late_to_change and a message to call', async () => {
  const api = createManageBookingApi(backend.anonClient())
  const day = weekdayAfter(3)
  const token = await bookedWithToken(day, '15:00')
  expect((await backend.admin.client.rpc('set_booking_settings', { settings: { change_cutoff_hours: 168 } })).error).toBeNull()
  expect((await api.fetchManagedBooking(token)).can_change).toBe(false)
  await expect(api.cancelManagedBooking(token)).rejects.toMatchObject({ code: 'too_late_to_change', message: expect.stringMatching(/call/i) })
  expect((await api.fetchManagedBooking(token)).status).toBe('scheduled')
})
