import { afterAll, beforeAll, expect, it } from 'vitest'
import { startBookingBackend, type BookingBackend } from './support/bookings.ts'

let b: BookingBackend

beforeAll(async () => {
  b = await startBookingBackend()
})

afterAll(async () => {
  await b?.backend.close()
})

it('taken_slots keeps answering the scheduler\u2019s 62 days whatever horizon admins set, and at most 92 days', async () => {
  expect((await b.admin.client.rpc('set_booking_settings', { settings: { horizon_days: 1 } })).error).toBeNull()
  const from = new Date()
  const day = 86_400_000
  const sixtyTwo = await b.anonClient().rpc('taken_slots', { from: from.toISOString(), to: new Date(from.getTime() + 62 * day).toISOString() })
  expect(sixtyTwo.error).toBeNull()
  const tooLong = await b.anonClient().rpc('taken_slots', { from: from.toISOString(), to: new Date(from.getTime() + 93 * day).toISOString() })
  expect(tooLong.error?.code).toBe('22023')
})
