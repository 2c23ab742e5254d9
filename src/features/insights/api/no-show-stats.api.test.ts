import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookedBySystem, startBookingBackend, type BookingBackend } from '@backend/tests/support/bookings'
import { istSlot, pastWeekday } from '@backend/tests/support/slots'
import { createInsightsApi } from './insights-api'

const signal = () => new AbortController().signal

// The figures count every appointment: a backend of this file's own.
let backend: BookingBackend

beforeAll(async () => {
  backend = await startBookingBackend()
})

afterAll(async () => {
  await backend?.backend.close()
})

test("counts the month's ended appointments and no-shows for admins; staff get the dashboard's admin refusal", async () => {
  const day = pastWeekday()
  for (const [index, status] of ['completed', 'no-show', 'cancelled'].entries()) {
    const id = await bookedBySystem(backend, istSlot(day, 10 + index))
    expect((await backend.admin.client.from('appointments').update({ status }).eq('id', id)).error).toBeNull()
  }
  const months = await createInsightsApi(backend.admin.client, []).fetchNoShowStats(2, signal())
  expect(months).toHaveLength(2)
  expect(months.find((row) => row.month === `${day.slice(0, 7)}-01`)).toEqual({ month: `${day.slice(0, 7)}-01`, ended: 2, no_shows: 1 })
  await expect(createInsightsApi(backend.admin.client, []).fetchNoShowStats(0, signal())).rejects.toMatchObject({ code: 'invalid_months' })
  await expect(createInsightsApi(backend.staff.client, []).fetchNoShowStats(12, signal())).rejects.toMatchObject({ code: 'admin_access_required' })
})
