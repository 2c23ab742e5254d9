import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayOfWeek, istDay, istSlot } from './support/slots.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend
let lead: string

const hourMs = 60 * 60 * 1000
const inHours = (hours: number) => new Date(Date.now() + hours * hourMs).toISOString()
/** 23:59 IST today: due today whatever the hour the test runs. */
const laterToday = () => {
  const end = new Date(istSlot(istDay(0), 23, 59)).getTime()
  return new Date(Math.max(end, Date.now() + 1000)).toISOString()
}

beforeAll(async () => {
  team = await startTeamBackend()
  lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
})

afterAll(async () => {
  await team?.backend.close()
})

type Member = TeamBackend['staff']

async function add(member: Member, args: Record<string, unknown>) {
  return member.client.rpc('follow_up_add', { lead_id: lead, due_at: inHours(24), text: 'Call back', ...args })
}

async function eventsOf(leadId: string, followUpId: string) {
  const { data } = await team.admin.client.from('lead_events').select('actor_name, kind, data').eq('lead_id', leadId).order('id')
  return (data ?? []).filter((event) => event.data.follow_up_id === followUpId)
}

describe('setting follow-ups', () => {
  it('a member sets one for themselves on a lead they read; it is in the history', async () => {
    const due = inHours(3)
    const { data, error } = await add(team.staff, { due_at: due, text: '  Send the sketches  ' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ lead_id: lead, assignee_id: team.staff.userId, created_by: team.staff.userId, text: 'Send the sketches', done_at: null })
    const [event] = await eventsOf(lead, data.id)
    expect(event).toMatchObject({ actor_name: 'Sita Staff', kind: 'follow_up_set', data: { text: 'Send the sketches' } })
    expect(new Date(event!.data.due_at as string).getTime()).toBe(new Date(due).getTime())
  })

  it('a time in the past needs the caller\'s confirmation (allow_past) and is then overdue', async () => {
    expect(await add(team.staff, { due_at: inHours(-1) })).toMatchObject({ status: 400, error: { code: 'follow_up_in_past' } })
    expect((await add(team.staff, { due_at: inHours(-1), allow_past: true })).error).toBeNull()
  })

  it('refuses bad text and times with codes, never a 500', async () => {
    for (const text of ['', '   ', 'x'.repeat(201), 'x'.repeat(2001), 'bell\u0007', null])
      expect((await add(team.staff, { text })).error).toMatchObject({ code: 'invalid_follow_up_text' })
    for (const due_at of [null, inHours(24 * 365 * 6), inHours(-24 * 365 * 6)])
      expect((await add(team.staff, { due_at, allow_past: true })).error).toMatchObject({ code: 'invalid_due_at' })
    const garbled = await add(team.staff, { due_at: 'not a time' })
    expect(garbled.status).toBe(400)
    const hostile = '<b onmouseover=x>\u202eRTL</b>'
    expect((await add(team.staff, { text: hostile })).data).toMatchObject({ text: hostile })
  })

  it('only members, only on leads they read', async () => {
    const others = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    expect((await add(team.staff, { lead_id: others })).error).toMatchObject({ code: 'lead_not_found' })
    expect((await add(team.nonMember, {})).error).toMatchObject({ code: '42501' })
    expect((await team.anonClient().rpc('follow_up_add', { lead_id: lead, due_at: inHours(1), text: 'x' })).error).not.toBeNull()
    expect((await team.admin.client.from('follow_ups').insert({ lead_id: lead, assignee_id: team.admin.userId, created_by: team.admin.userId, due_at: inHours(1), text: 'x' })).error).toMatchObject({ code: '42501' })
  })
})

describe('completing and re-scheduling', () => {
  it('done once, by a member who reads the lead; re-scheduled while open; both recorded', async () => {
    const { data: followUp } = await add(team.staff, {})
    const from = followUp.due_at
    const to = inHours(48)
    const moved = await team.staff.client.rpc('follow_up_reschedule', { id: followUp.id, due_at: to })
    expect(new Date(moved.data.due_at).getTime()).toBe(new Date(to).getTime())
    const done = await team.admin.client.rpc('follow_up_done', { id: followUp.id })
    expect(done.data).toMatchObject({ done_by: team.admin.userId })
    expect((await team.staff.client.rpc('follow_up_done', { id: followUp.id })).data).toMatchObject({ done_by: team.admin.userId })
    expect((await team.staff.client.rpc('follow_up_reschedule', { id: followUp.id, due_at: to })).error).toMatchObject({ code: 'follow_up_already_done' })
    const events = await eventsOf(lead, followUp.id)
    expect(events.map((event) => [event.actor_name, event.kind])).toEqual([
      ['Sita Staff', 'follow_up_set'],
      ['Sita Staff', 'follow_up_rescheduled'],
      ['Asha Admin', 'follow_up_done'],
    ])
    expect(new Date(events[1]!.data.from_due_at as string).getTime()).toBe(new Date(from).getTime())
  })

  it('refuses unknown, unreadable and past re-schedules', async () => {
    const { data: followUp } = await add(team.staff, {})
    expect((await team.otherStaff.client.rpc('follow_up_done', { id: followUp.id })).error).toMatchObject({ code: 'follow_up_not_found' })
    expect((await team.staff.client.rpc('follow_up_done', { id: crypto.randomUUID() })).error).toMatchObject({ code: 'follow_up_not_found' })
    expect((await team.staff.client.rpc('follow_up_done', { id: 'not-a-uuid' })).status).toBe(400)
    expect((await team.nonMember.client.rpc('follow_up_done', { id: followUp.id })).error).toMatchObject({ code: '42501' })
    expect((await team.staff.client.rpc('follow_up_reschedule', { id: followUp.id, due_at: inHours(-2) })).error).toMatchObject({ code: 'follow_up_in_past' })
  })
})

interface QueueRow {
  kind: string
  item_id: string
  lead_id: string
  lead_name: string
  lead_phone: string
  overdue: boolean
  assignee_name: string | null
}

async function queue(member: Member): Promise<QueueRow[]> {
  const { data, error } = await member.client.rpc('today_queue')
  expect(error).toBeNull()
  return data as QueueRow[]
}

describe('the Today queue and the overdue count', () => {
  it('staff: their own open follow-ups overdue or due today and new unassigned leads; admins everyone\'s; the overdue count', async () => {
    const own = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId, name: 'Own Lead', phone: '9811111111' })
    const others = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    const pool = await arrangeLead(team.serviceClient())
    const overdue = (await team.staff.client.rpc('follow_up_add', { lead_id: own, due_at: inHours(-2), text: 'Overdue', allow_past: true })).data
    const today = (await team.staff.client.rpc('follow_up_add', { lead_id: own, due_at: laterToday(), text: 'Today' })).data
    const tomorrow = (await team.staff.client.rpc('follow_up_add', { lead_id: own, due_at: inHours(48), text: 'Later' })).data
    const done = (await team.staff.client.rpc('follow_up_add', { lead_id: own, due_at: inHours(-1), text: 'Done', allow_past: true })).data
    await team.staff.client.rpc('follow_up_done', { id: done.id }).throwOnError()
    const theirs = (await team.otherStaff.client.rpc('follow_up_add', { lead_id: others, due_at: inHours(-1), text: 'Theirs', allow_past: true })).data

    const rows = await queue(team.staff)
    const items = rows.map((row) => row.item_id)
    expect(rows.find((row) => row.item_id === overdue.id)).toMatchObject({ kind: 'follow_up', lead_name: 'Own Lead', lead_phone: '9811111111', overdue: true, assignee_name: 'Sita Staff' })
    expect(rows.find((row) => row.item_id === today.id)).toMatchObject({ overdue: false })
    expect(items).not.toContain(tomorrow.id)
    expect(items).not.toContain(done.id)
    expect(items).not.toContain(theirs.id)
    expect(rows.find((row) => row.item_id === pool)).toMatchObject({ kind: 'new_lead', lead_id: pool })
    expect(items).not.toContain(own)

    const adminRows = (await queue(team.admin)).map((row) => row.item_id)
    expect(adminRows).toEqual(expect.arrayContaining([overdue.id, today.id, theirs.id, pool]))

    const staffStats = (await team.staff.client.rpc('dashboard_stats')).data
    const otherStats = (await team.otherStaff.client.rpc('dashboard_stats')).data
    const allOverdue = (await team.serviceClient().from('follow_ups').select('id', { count: 'exact', head: true }).is('done_at', null).lt('due_at', new Date().toISOString())).count
    expect((await team.admin.client.rpc('dashboard_stats')).data.overdue_follow_ups).toBe(allOverdue)
    const ownOverdue = (await team.serviceClient().from('follow_ups').select('id', { count: 'exact', head: true })
      .eq('assignee_id', team.staff.userId).is('done_at', null).lt('due_at', new Date().toISOString())).count
    expect(staffStats.overdue_follow_ups).toBe(ownOverdue)
    expect(otherStats.overdue_follow_ups).toBe(1)
  })

  // Appointments are on weekdays only (a check of the table), so there are none today on a weekend.
  it.runIf(dayOfWeek(istDay(0)) % 6 !== 0)('today\'s appointments that are not cancelled, of the leads the caller reads', async () => {
    const own = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const others = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    const cancelled = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const slots = [istSlot(istDay(0), 9), istSlot(istDay(0), 10), istSlot(istDay(0), 11)]
    const appointments = [own, others, cancelled].map((lead_id, index) => ({
      id: crypto.randomUUID(), lead_id, slot_datetime: slots[index], status: lead_id === cancelled ? 'cancelled' : 'scheduled',
    }))
    await team.serviceClient().from('appointments').insert(appointments).throwOnError()
    const [ofOwn, ofOthers, ofCancelled] = appointments.map((appointment) => appointment.id)
    const rows = await queue(team.staff)
    expect(rows.find((row) => row.item_id === ofOwn)).toMatchObject({ kind: 'appointment', lead_id: own })
    expect(rows.map((row) => row.item_id)).not.toContain(ofOthers)
    expect(rows.map((row) => row.item_id)).not.toContain(ofCancelled)
    expect((await queue(team.admin)).map((row) => row.item_id)).toEqual(expect.arrayContaining([ofOwn, ofOthers]))
  })

  it('staff figures count the leads they read; non-members and visitors get none', async () => {
    const readable = (await team.staff.client.from('leads').select('id', { count: 'exact', head: true })).count
    expect((await team.staff.client.rpc('dashboard_stats')).data.total_leads).toBe(readable)
    expect((await team.nonMember.client.rpc('today_queue')).error).toMatchObject({ code: '42501' })
    expect((await team.nonMember.client.rpc('dashboard_stats')).error).toMatchObject({ code: '42501' })
    expect((await team.anonClient().rpc('today_queue')).error).not.toBeNull()
  })
})
