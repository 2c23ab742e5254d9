import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { bookedBySystem, outcome, startBookingBackend, type BookingBackend } from './support/bookings.ts'
import { istSlot, pastWeekday, weekdaysFrom } from './support/slots.ts'

let b: BookingBackend

beforeAll(async () => {
  b = await startBookingBackend()
})

afterAll(async () => {
  await b?.backend.close()
})

/** The IST date and HH:MM of the instant `minutes` from now. */
function istWallClock(minutes: number): [string, string] {
  const at = new Date(Date.now() + minutes * 60_000 + 330 * 60_000).toISOString()
  return [at.slice(0, 10), at.slice(11, 16)]
}

/** A booking `minutes` from now, on a date override the admin sets for it. */
async function bookingIn(minutes: number): Promise<string> {
  const [day, time] = istWallClock(minutes)
  const current = await b.admin.client.rpc('booking_settings')
  const override = (current.data.date_overrides as { on_date: string; slots: { time: string }[] }[]).find((o) => o.on_date === day)
  const slots = [...(override?.slots ?? []).filter((slot) => slot.time !== time), { time, capacity: 50 }]
  expect((await b.admin.client.rpc('set_date_override', { on_date: day, slots, reason: 'Reminder test' })).error).toBeNull()
  return bookedBySystem(b, `${day}T${time}:00+05:30`)
}

interface Due {
  appointment_id: string
  lead_name: string
  lead_phone: string
  language: string
}

async function dueIds(client = b.admin.client): Promise<string[]> {
  const { data, error } = await client.rpc('reminders_due')
  expect(error).toBeNull()
  return (data as Due[]).map((row) => row.appointment_id)
}

describe('reminders', () => {
  it('lists active appointments of the next 24 hours not yet reminded, with name, phone and language', async () => {
    const soon = await bookingIn(60)
    const tomorrowLate = await bookingIn(25 * 60)
    const cancelled = await bookingIn(90)
    await b.serviceClient().from('appointments').update({ status: 'cancelled' }).eq('id', cancelled)
    const { data } = await b.admin.client.rpc('reminders_due')
    const row = (data as Due[]).find((due) => due.appointment_id === soon)
    expect(row).toMatchObject({ lead_name: expect.any(String), lead_phone: expect.any(String), language: 'en' })
    const ids = await dueIds()
    expect(ids).toContain(soon)
    expect(ids).not.toContain(tomorrowLate)
    expect(ids).not.toContain(cancelled)
  })

  it('marking reminded records who and when once, takes it off the list, and twice changes nothing', async () => {
    const id = await bookingIn(120)
    const first = await b.staff.client.rpc('appointment_mark_reminded', { id })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ id, reminded_by: b.staff.userId })
    const second = await b.staff.client.rpc('appointment_mark_reminded', { id })
    expect(second.data.reminded_at).toBe(first.data.reminded_at)
    expect(await dueIds()).not.toContain(id)
    const events = await asSuperuser(b.backend.context.db,
      "select e.actor_id from public.lead_events as e join public.appointments as a on a.lead_id = e.lead_id where a.id = $1 and e.kind = 'reminder_sent'", [id])
    expect(events).toEqual([{ actor_id: b.staff.userId }])
  })

  it('staff see and mark only the leads they read; a lead another member owns answers 404 appointment_not_found', async () => {
    const id = await bookingIn(150)
    const { data: row } = await b.serviceClient().from('appointments').select('lead_id').eq('id', id).single()
    await b.serviceClient().from('leads').update({ owner_id: b.admin.userId }).eq('id', row!.lead_id)
    expect(await dueIds(b.staff.client)).not.toContain(id)
    expect(await outcome(b.staff.client.rpc('appointment_mark_reminded', { id }))).toEqual([404, 'appointment_not_found'])
    expect(await outcome(b.admin.client.rpc('appointment_mark_reminded', { id: '00000000-0000-4000-8000-000000000000' }))).toEqual([404, 'appointment_not_found'])
  })

  it('appointment_rows carries who reminded each row and when, and staff see them only on rows they may read', async () => {
    const own = await bookingIn(170)
    const others = await bookingIn(180)
    const { data: othersRow } = await b.serviceClient().from('appointments').select('lead_id').eq('id', others).single()
    await b.serviceClient().from('leads').update({ owner_id: b.admin.userId }).eq('id', othersRow!.lead_id)
    const byStaff = await b.staff.client.rpc('appointment_mark_reminded', { id: own })
    const byAdmin = await b.admin.client.rpc('appointment_mark_reminded', { id: others })
    const reminders = (client = b.admin.client) =>
      client.from('appointment_rows').select('id, reminded_at, reminded_by').in('id', [own, others]).order('slot_datetime')
    const staffView = { id: own, reminded_at: byStaff.data.reminded_at, reminded_by: b.staff.userId }
    const adminView = { id: others, reminded_at: byAdmin.data.reminded_at, reminded_by: b.admin.userId }
    expect((await reminders()).data).toEqual([staffView, adminView])
    expect((await reminders(b.staff.client)).data).toEqual([staffView])
    expect((await reminders(b.outsider.client)).data).toEqual([])
  })

  it('answers visitors and non-members 42501', async () => {
    const id = await bookingIn(160)
    for (const [client, status] of [[b.anonClient(), 401], [b.outsider.client, 403]] as const) {
      expect(await outcome(client.rpc('reminders_due'))).toEqual([status, '42501'])
      expect(await outcome(client.rpc('appointment_mark_reminded', { id }))).toEqual([status, '42501'])
    }
  })
})

describe('no-show stats', () => {
  it('counts per IST month the appointments that ended and the no-shows, for admins only', async () => {
    const day = pastWeekday()
    const statuses = ['completed', 'no-show', 'no-show', 'cancelled', 'completed']
    for (const [index, status] of statuses.entries()) {
      const id = await bookedBySystem(b, istSlot(day, 9 + index))
      expect((await b.admin.client.from('appointments').update({ status }).eq('id', id)).error).toBeNull()
    }
    await bookedBySystem(b, istSlot(weekdaysFrom(3, 1)[0]!, 9))
    const { data, error } = await b.admin.client.rpc('no_show_stats', { months: 3 })
    expect(error).toBeNull()
    expect(data).toHaveLength(3)
    expect(data.find((row: { month: string }) => row.month === `${day.slice(0, 7)}-01`)).toEqual({ month: `${day.slice(0, 7)}-01`, ended: 4, no_shows: 2 })
    const months = (data as { month: string }[]).map((row) => row.month)
    expect([...months].sort()).toEqual(months)

    expect((await b.admin.client.rpc('no_show_stats')).data).toHaveLength(12)
    for (const months of [0, 121, null]) {
      expect(await outcome(b.admin.client.rpc('no_show_stats', { months }))).toEqual([400, 'invalid_months'])
    }
    expect(await outcome(b.staff.client.rpc('no_show_stats'))).toEqual([403, '42501'])
    expect(await outcome(b.anonClient().rpc('no_show_stats'))).toEqual([401, '42501'])
  })
})
