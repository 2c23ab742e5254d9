import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { dayOfWeek, istDay, istSlot } from './support/slots.ts'
import { newLead } from './support/leads.ts'

const dayMs = 86_400_000
const hourMs = 3_600_000

/** This IST day's midnight as an instant: 18:30 UTC the day before. */
const istMidnight = Date.parse(`${istDay(0)}T00:00:00+05:30`)

let dashboard: DashboardBackend

function stats() {
  return dashboard.admin.client.rpc('dashboard_stats')
}

async function figures() {
  const { data, error } = await stats()
  expect(error).toBeNull()
  return data as Record<string, number>
}

function lead(status: string, createdAt: number) {
  const at = new Date(createdAt).toISOString()
  return { ...newLead({ id: `d-${randomUUID()}`, status }), created_at: at, updated_at: at }
}

async function insertLeads(rows: Record<string, unknown>[]) {
  const { error } = await dashboard.serviceClient().from('leads').insert(rows)
  expect(error).toBeNull()
}

/** Valid slots (Monday to Friday, 9:00 to 17:00 IST, on the hour), latest first, from `from` back `hours` hours. */
function slotsBefore(from: number, hours: number): number[] {
  const slots: number[] = []
  for (let at = Math.floor(from / hourMs) * hourMs + 1_800_000; slots.length < hours; at -= hourMs) {
    const local = new Date(at + 5.5 * hourMs)
    const weekday = local.getUTCDay()
    if (at <= from && weekday !== 0 && weekday !== 6 && local.getUTCHours() >= 9 && local.getUTCHours() <= 17) slots.push(at)
  }
  return slots
}

function slotsAfter(from: number, count: number): number[] {
  const slots: number[] = []
  for (let at = Math.ceil(from / hourMs) * hourMs - 1_800_000; slots.length < count; at += hourMs) {
    const local = new Date(at + 5.5 * hourMs)
    const weekday = local.getUTCDay()
    if (at >= from && weekday !== 0 && weekday !== 6 && local.getUTCHours() >= 9 && local.getUTCHours() <= 17) slots.push(at)
  }
  return slots
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('dashboard_stats: the eight cards in one query', () => {
  it('answers zeros and a conversion of 0 without any lead or appointment', async () => {
    expect(await figures()).toEqual({
      total_leads: 0,
      pending_leads: 0,
      contacted_leads: 0,
      closed_leads: 0,
      today_leads: 0,
      conversion_rate: 0,
      total_appointments: 0,
      today_appointments: 0,
      week_appointments: 0,
      overdue_follow_ups: 0,
    })
  })

  it('counts leads by status and those created today by the IST calendar date', async () => {
    await insertLeads([
      lead('pending', istMidnight - 1000),
      lead('contacted', istMidnight),
      lead('closed', Date.now()),
      lead('pending', istMidnight - 400 * dayMs),
    ])
    expect(await figures()).toMatchObject({
      total_leads: 4,
      pending_leads: 2,
      contacted_leads: 1,
      closed_leads: 1,
      today_leads: 2,
      conversion_rate: 25,
    })
  })

  it('keeps the counts right through visitors, status changes, moves across midnight and deletes', async () => {
    const visitor = newLead()
    expect((await dashboard.anonClient().from('leads').insert([visitor])).error).toBeNull()
    const arranged = [lead('pending', istMidnight - 3 * dayMs), lead('pending', istMidnight - 3 * dayMs), lead('contacted', istMidnight + 1000)]
    await insertLeads(arranged)
    expect(await figures()).toMatchObject({ total_leads: 8, pending_leads: 5, contacted_leads: 2, closed_leads: 1, today_leads: 4 })

    const closing = await dashboard.admin.client.from('leads').update({ status: 'closed' }).eq('id', visitor.id)
    expect(closing.error).toBeNull()
    const several = await dashboard.serviceClient().from('leads').update({ status: 'contacted' }).in('id', [arranged[0]!.id, arranged[1]!.id])
    expect(several.error).toBeNull()
    const moved = await dashboard.serviceClient().from('leads').update({ created_at: new Date(istMidnight - 1).toISOString() }).eq('id', arranged[2]!.id)
    expect(moved.error).toBeNull()
    expect(await figures()).toMatchObject({ total_leads: 8, pending_leads: 2, contacted_leads: 4, closed_leads: 2, today_leads: 3, conversion_rate: 25 })

    const removed = await dashboard.serviceClient().from('leads').delete().in('id', [arranged[1]!.id, visitor.id])
    expect(removed.error).toBeNull()
    expect(await figures()).toMatchObject({ total_leads: 6, pending_leads: 2, contacted_leads: 3, closed_leads: 1, today_leads: 2, conversion_rate: 16.7 })
    const { count } = await dashboard.serviceClient().from('leads').select('*', { count: 'exact', head: true })
    expect(count).toBe(6)
  })

  it('counts all appointments, those whose slot is today (IST) and those from seven days ago on', async () => {
    const owner = lead('pending', istMidnight - 30 * dayMs)
    await insertLeads([owner])
    const weekStart = Date.now() - 7 * dayMs
    const [justInside] = slotsAfter(weekStart + 60_000, 1) as [number]
    const [justOutside] = slotsBefore(weekStart - 60_000, 1) as [number]
    const longAgo = slotsBefore(Date.now() - 90 * dayMs, 2)
    const upcoming = slotsAfter(istMidnight + dayMs, 3)
    const todayIsWeekday = dayOfWeek(istDay(0)) !== 0 && dayOfWeek(istDay(0)) !== 6
    const today = todayIsWeekday ? [Date.parse(istSlot(istDay(0), 9)), Date.parse(istSlot(istDay(0), 17))] : []
    const slots = [justInside, justOutside, ...longAgo, ...upcoming, ...today]
    const inserted = await dashboard
      .serviceClient()
      .from('appointments')
      .insert(slots.map((at) => ({ lead_id: owner.id, slot_datetime: new Date(at).toISOString(), status: 'completed' })))
      .select('id, slot_datetime')
    expect(inserted.error).toBeNull()
    const inWeek = [justInside, ...upcoming, ...today.filter((at) => at >= weekStart)]
    expect(await figures()).toMatchObject({
      total_appointments: slots.length,
      today_appointments: today.length,
      week_appointments: inWeek.length,
    })

    const idAt = (at: number) => inserted.data!.find((row) => Date.parse(row.slot_datetime) === at)!.id
    const rescheduled = await dashboard.admin.client
      .from('appointments')
      .update({ slot_datetime: new Date(upcoming[0]! + 7 * dayMs).toISOString() })
      .eq('id', idAt(justOutside))
    expect(rescheduled.error).toBeNull()
    expect(await figures()).toMatchObject({ total_appointments: slots.length, week_appointments: inWeek.length + 1 })

    const removedLead = await dashboard.serviceClient().from('leads').delete().eq('id', owner.id)
    expect(removedLead.error).toBeNull()
    expect(await figures()).toMatchObject({ total_appointments: 0, today_appointments: 0, week_appointments: 0 })
  })
})

describe('dashboard_stats: only admins get numbers', () => {
  it('refuses visitors (anon) with 42501', async () => {
    const { data, error, status } = await dashboard.anonClient().rpc('dashboard_stats')
    expect([status, error?.code, data]).toEqual([401, '42501', null])
  })

  it('refuses a signed-in user without the admin role with 42501, never zeros', async () => {
    const { data, error, status } = await dashboard.member.client.rpc('dashboard_stats')
    expect([status, error?.code, data]).toEqual([403, '42501', null])
  })

  it('answers the service role, which row-level security lets read everything', async () => {
    const { data, error } = await dashboard.serviceClient().rpc('dashboard_stats')
    expect(error).toBeNull()
    expect(data).toEqual(await figures())
  })
})
