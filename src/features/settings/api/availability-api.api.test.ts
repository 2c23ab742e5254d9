import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientsOf, type SignedInUser } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import type { RunningBackend } from '@backend/local/local-backend'
import { bookedBySystem } from '@backend/tests/support/bookings'
import { istDateKey, istWallClock } from '@/lib/dayjs'
import { createAvailabilityApi } from './availability-api'

// The settings are the whole business's: a backend of this file's own, so other tests' bookings keep the default grid.
let backend: RunningBackend
let admin: SignedInUser
let staff: SignedInUser

beforeAll(async () => {
  backend = await startOwnBackend({ rateLimits: false })
  const clients = clientsOf(backend)
  ;[admin, staff] = await Promise.all([clients.createUserAndSignIn({ role: 'admin' }), clients.createUserAndSignIn({ role: 'staff' })])
})

afterAll(async () => {
  await backend?.close()
})

const dayAfter = (days: number) => istDateKey(Date.now() + days * 86_400_000)

describe('availability api through supabase-js', () => {
  it('reads the default settings: weekdays 09:00 to 17:00 at capacity 1, weekends closed, horizon 62, notice 0, cut-off 12', async () => {
    const settings = await createAvailabilityApi(staff.client).fetchBookingSettings()
    expect(settings).toMatchObject({ default_capacity: 1, horizon_days: 62, min_notice_minutes: 0, change_cutoff_hours: 12, closures: [], date_overrides: [] })
    expect(settings.weekly_hours.map((day) => day.open)).toEqual([true, true, true, true, true, false, false])
    expect(settings.weekly_hours[0]?.slots.map((slot) => slot.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'])
  })

  it("saves a weekday's slots sorted, and refuses bad ones with codes, leaving the stored day as it was", async () => {
    const api = createAvailabilityApi(admin.client)
    const saved = await api.setWeeklyHours(6, true, [
      { time: '14:00', capacity: 2 },
      { time: '10:30', capacity: 3 },
    ])
    expect(saved.weekly_hours[5]).toEqual({ weekday: 6, open: true, slots: [{ time: '10:30', capacity: 3 }, { time: '14:00', capacity: 2 }] })
    await expect(api.setWeeklyHours(6, true, [{ time: '24:00', capacity: 1 }])).rejects.toMatchObject({ code: 'invalid_slot_time' })
    await expect(api.setWeeklyHours(6, true, [{ time: '10:00', capacity: 0 }])).rejects.toMatchObject({ code: 'capacity_out_of_range' })
    await expect(api.setWeeklyHours(6, true, [{ time: '10:00', capacity: 1000 }])).rejects.toMatchObject({ code: 'capacity_out_of_range' })
    await expect(
      api.setWeeklyHours(6, true, [
        { time: '10:00', capacity: 1 },
        { time: '10:00', capacity: 2 },
      ]),
    ).rejects.toMatchObject({ code: 'duplicate_slot_time', message: expect.stringContaining('10:00') })
    await expect(api.setWeeklyHours(6, true, [])).rejects.toMatchObject({ code: 'open_day_without_slots' })
    expect((await api.fetchBookingSettings()).weekly_hours[5]).toEqual(saved.weekly_hours[5])
  })

  it('adds and removes closures, refusing reversed and overlapping ranges', async () => {
    const api = createAvailabilityApi(admin.client)
    const added = await api.addClosure(dayAfter(10), dayAfter(12), 'Diwali')
    expect(added.closures).toEqual([{ id: expect.any(String), starts_on: dayAfter(10), ends_on: dayAfter(12), reason: 'Diwali' }])
    await expect(api.addClosure(dayAfter(12), dayAfter(14), 'Overlap')).rejects.toMatchObject({ code: 'closure_overlaps' })
    await expect(api.addClosure(dayAfter(20), dayAfter(19), 'Reversed')).rejects.toMatchObject({ code: 'closure_reversed' })
    await expect(api.addClosure(dayAfter(20), dayAfter(20), '   ')).rejects.toMatchObject({ code: 'invalid_closure_reason' })
    expect((await api.removeClosure(added.closures[0]!.id)).closures).toEqual([])
  })

  it('sets a date override (an empty list closes the day) and removes it', async () => {
    const api = createAvailabilityApi(admin.client)
    const set = await api.setDateOverride(dayAfter(5), [], 'Stock taking')
    expect(set.date_overrides).toEqual([{ on_date: dayAfter(5), slots: [], reason: 'Stock taking' }])
    expect((await api.removeDateOverride(dayAfter(5))).date_overrides).toEqual([])
    await expect(api.removeDateOverride(dayAfter(5))).rejects.toMatchObject({ code: 'override_not_found' })
  })

  it('changes the booking numbers within their ranges only; staff may change nothing', async () => {
    const api = createAvailabilityApi(admin.client)
    expect(await api.setBookingNumbers({ horizon_days: 90, change_cutoff_hours: 24 })).toMatchObject({ horizon_days: 90, change_cutoff_hours: 24 })
    await expect(api.setBookingNumbers({ horizon_days: 0 })).rejects.toMatchObject({ code: 'horizon_out_of_range' })
    await expect(api.setBookingNumbers({ horizon_days: 3650 })).rejects.toMatchObject({ code: 'horizon_out_of_range' })
    await expect(api.setBookingNumbers({ default_capacity: 1000 })).rejects.toMatchObject({ code: 'capacity_out_of_range' })
    await expect(createAvailabilityApi(staff.client).setBookingNumbers({ horizon_days: 30 })).rejects.toMatchObject({ code: '42501' })
    await expect(createAvailabilityApi(staff.client).addClosure(dayAfter(30), dayAfter(30), 'Staff')).rejects.toMatchObject({ code: '42501' })
    expect((await api.fetchBookingSettings()).horizon_days).toBe(90)
  })
})

describe('bookings needing attention', () => {
  it('lists a booking a new closure covers, with its reason, for members; the booking itself is kept', async () => {
    const day = dayAfter(40)
    const weekday = ((new Date(`${day}T12:00:00+05:30`).getUTCDay() + 6) % 7) + 1
    const api = createAvailabilityApi(admin.client)
    await api.setWeeklyHours(weekday, true, [{ time: '12:00', capacity: 1 }])
    const appointmentId = await bookedBySystem(clientsOf(backend), istWallClock(day, '12:00').toISOString())
    await api.addClosure(day, day, 'Family wedding')
    const listed = await createAvailabilityApi(staff.client).fetchBookingsNeedingAttention()
    expect(listed).toContainEqual(expect.objectContaining({ appointment_id: appointmentId, reason: 'not_offered', status: 'scheduled' }))
    const { data } = await clientsOf(backend).serviceClient().from('appointments').select('status').eq('id', appointmentId).single()
    expect(data?.status).toBe('scheduled')
  })
})
