import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changesOf, eventually, sameTurnMs, subscribed } from '../local/testing/realtime.ts'
import { newLead } from './support/leads.ts'
import { arrangeLead, idsOf, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  for (const member of [team.admin, team.staff, team.otherStaff]) await member.client.removeAllChannels()
  await team?.backend.close()
})

async function visitorLead(overrides: Record<string, unknown> = {}): Promise<string> {
  const lead = newLead(overrides)
  const { error } = await team.anonClient().from('leads').insert(lead)
  expect(error).toBeNull()
  return lead.id
}

const ownerOf = async (id: string) => (await team.serviceClient().from('leads').select('owner_id').eq('id', id).single()).data!.owner_id as string | null

describe('returning customers', () => {
  it('marks a new lead whose phone an earlier lead gave; visitors cannot set the mark', async () => {
    const first = await visitorLead({ phone: '9000000001' })
    const second = await visitorLead({ phone: '9000000001' })
    const other = await visitorLead({ phone: '9000000002' })
    const marks = await team.admin.client.from('leads').select('id, returning').in('id', [first, second, other])
    expect(Object.fromEntries((marks.data ?? []).map((row) => [row.id, row.returning]))).toEqual({ [first]: false, [second]: true, [other]: false })
    const forged = await team.anonClient().from('leads').insert({ ...newLead({ phone: '9000000003' }), returning: true })
    expect(forged.error).toMatchObject({ code: '42501' })
    expect((await team.admin.client.from('leads').update({ returning: false }).eq('id', second)).error).toMatchObject({ code: '42501' })
  })

  it('earlier_leads lists the earlier leads the caller may read, newest first', async () => {
    const service = team.serviceClient()
    const oldest = await arrangeLead(service, { phone: '9000000010', created_at: '2026-01-01T00:00:00Z' })
    const others = await arrangeLead(service, { phone: '9000000010', created_at: '2026-02-01T00:00:00Z', owner_id: team.otherStaff.userId })
    const latest = await arrangeLead(service, { phone: '9000000010' })
    const asAdmin = await team.admin.client.rpc('earlier_leads', { lead_id: latest })
    expect(idsOf(asAdmin.data)).toEqual([others, oldest])
    expect(asAdmin.data[0]).toEqual({ id: others, name: expect.any(String), created_at: expect.any(String), status: 'pending', product_type: 'Ring' })
    expect(idsOf((await team.staff.client.rpc('earlier_leads', { lead_id: latest })).data)).toEqual([oldest])
    expect(idsOf((await team.staff.client.rpc('earlier_leads', { lead_id: others })).data)).toEqual([])
    expect(idsOf((await team.nonMember.client.rpc('earlier_leads', { lead_id: latest })).data)).toEqual([])
    expect((await team.admin.client.rpc('earlier_leads', { lead_id: oldest })).data).toEqual([])
  })
})

describe('round-robin assignment', () => {
  it('only admins switch it; members read it; others neither', async () => {
    expect((await team.staff.client.rpc('assignment_settings')).data).toBe(false)
    expect((await team.staff.client.rpc('set_round_robin', { enabled: true })).error).toMatchObject({ code: '42501' })
    expect((await team.nonMember.client.rpc('assignment_settings')).error).toMatchObject({ code: '42501' })
    expect((await team.admin.client.rpc('set_round_robin', { enabled: null })).error).toMatchObject({ code: 'invalid_setting' })
    expect((await team.admin.client.rpc('set_round_robin', { enabled: 'maybe' })).status).toBe(400)
  })

  it('gives new leads to the staff in turn by name, skips a removed member, and leaves them unassigned without staff', async () => {
    expect((await team.admin.client.rpc('set_round_robin', { enabled: true })).data).toBe(true)
    // Staff by name: Omkar Staff, Sita Staff.
    const owners = []
    for (let lead = 0; lead < 4; lead += 1) owners.push(await ownerOf(await visitorLead()))
    expect(owners).toEqual([team.otherStaff.userId, team.staff.userId, team.otherStaff.userId, team.staff.userId])
    const assigned = await visitorLead()
    const [event] = (await team.admin.client.rpc('lead_history', { lead_id: assigned })).data as { kind: string; actor_name: string }[]
    expect(event).toMatchObject({ kind: 'owner_changed', actor_name: 'System' })

    const extra = await team.createUserAndSignIn({ role: 'staff', displayName: 'Pooja Staff' })
    expect(await ownerOf(await visitorLead())).toBe(extra.userId)
    await team.serviceClient().from('user_roles').delete().eq('user_id', extra.userId).throwOnError()
    expect(await ownerOf(await visitorLead())).toBe(team.staff.userId)
    expect(await ownerOf(await visitorLead())).toBe(team.otherStaff.userId)

    await team.serviceClient().from('user_roles').update({ role: 'admin' }).in('user_id', [team.staff.userId, team.otherStaff.userId]).throwOnError()
    expect(await ownerOf(await visitorLead())).toBeNull()
    await team.serviceClient().from('user_roles').update({ role: 'staff' }).in('user_id', [team.staff.userId, team.otherStaff.userId]).throwOnError()
    await team.admin.client.rpc('set_round_robin', { enabled: false }).throwOnError()
    expect(await ownerOf(await visitorLead())).toBeNull()
  })
})

describe('the CSV export', () => {
  async function exportPage(client = team.admin.client, args: Record<string, unknown> = {}) {
    return client.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: {}, ...args })
  }

  it('pages every matching lead by keyset and records the export in each lead\'s history', async () => {
    const city = `Exportpur ${[...crypto.getRandomValues(new Uint8Array(6))].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
    const ids: string[] = []
    for (let lead = 0; lead < 3; lead += 1) ids.push(await arrangeLead(team.serviceClient(), { city, created_at: `2026-03-0${lead + 1}T00:00:00Z` }))
    const exportId = crypto.randomUUID()
    const filters = { term: city, status: 'pending' }
    const first = await team.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters })
    expect(idsOf(first.data)).toEqual([...ids].reverse())
    const small = await team.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters, page_size: 2 })
    expect(idsOf(small.data)).toEqual([ids[2], ids[1]])
    for (const page_size of [0, 1001, null])
      expect((await team.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters, page_size })).error).toMatchObject({ code: 'invalid_export_page' })
    const newest = first.data[0]
    const rest = await team.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters, after_created_at: newest.created_at, after_id: newest.id })
    expect(idsOf(rest.data)).toEqual([ids[1], ids[0]])
    const last = first.data.at(-1)
    const after = await team.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters, after_created_at: last.created_at, after_id: last.id })
    expect(after.data).toEqual([])
    const [event] = (await team.admin.client.rpc('lead_history', { lead_id: ids[0] })).data as { kind: string; actor_name: string; data: unknown }[]
    expect(event).toMatchObject({ kind: 'csv_exported', actor_name: 'Asha Admin', data: { export_id: exportId, rows: 3 } })
    const staffView = (await team.staff.client.rpc('lead_history', { lead_id: ids[0] })).data as { kind: string }[]
    expect(staffView.map((e) => e.kind)).toEqual(['csv_exported', 'created'])
    await team.serviceClient().from('leads').delete().eq('id', ids[2]!).throwOnError()
    const items = await team.backend.context.db.transaction((session) =>
      session.query<{ count: number }>('select count(*)::int as count from private.lead_export_items where lead_id = $1', [ids[2]]))
    expect(items.rows).toEqual([{ count: 0 }])
    const none = await team.admin.client.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: { term: city, status: 'closed' } })
    expect(none.data).toEqual([])
    const unassigned = await team.admin.client.rpc('export_leads_chunk', { export_id: crypto.randomUUID(), filters: { term: city, owner_id: null } })
    expect(idsOf(unassigned.data)).toEqual([ids[1], ids[0]])
  })

  it('is refused to staff, non-members and visitors', async () => {
    expect((await exportPage(team.staff.client)).error).toMatchObject({ code: '42501' })
    expect((await exportPage(team.nonMember.client)).error).toMatchObject({ code: '42501' })
    expect((await exportPage(team.anonClient())).error).not.toBeNull()
  })

  it('refuses bad filters and pages with codes', async () => {
    for (const filters of [[], '"status"', { nosuch: 'x' }, { status: 1 }, { status: 'x'.repeat(2001) }, { term: 5 }, { term: 'x'.repeat(2001) }, { 'status; drop table leads': 'x' }])
      expect([filters, (await exportPage(team.admin.client, { filters })).error?.code]).toEqual([filters, 'invalid_export_filters'])
    expect(await exportPage(team.admin.client, { filters: 'not json' })).toMatchObject({ status: 400, error: { code: '22P02' } })
    expect((await exportPage(team.admin.client, { after_id: 'x' })).error).toMatchObject({ code: 'invalid_export_page' })
    const exportId = crypto.randomUUID()
    await exportPage(team.admin.client, { export_id: exportId, filters: { status: 'closed' } })
    expect((await exportPage(team.admin.client, { export_id: exportId, filters: { status: 'pending' } })).error).toMatchObject({ code: 'export_mismatch' })
    const hostile = await exportPage(team.admin.client, { filters: { name: "'); drop table leads; --" } })
    expect(hostile.data).toEqual([])
  })
})

describe('Realtime for the team\'s tables', () => {
  it('sends notes and follow-ups to members who read the lead, not to others', async () => {
    const lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const tables = [{ event: '*', table: 'lead_notes' }, { event: '*', table: 'follow_ups' }, { event: 'INSERT', table: 'lead_events' }] as const
    const adminHears = await subscribed(team.admin.client, [...tables])
    const otherHears = await subscribed(team.otherStaff.client, [...tables])
    const note = await team.staff.client.from('lead_notes').insert({ lead_id: lead, body: 'live' }).select('id').single()
    const followUp = await team.staff.client.rpc('follow_up_add', { lead_id: lead, due_at: new Date(Date.now() + 3_600_000).toISOString(), text: 'live' })
    expect(await eventually(() => changesOf(adminHears, note.data!.id)[0], 'the note')).toMatchObject({ table: 'lead_notes', eventType: 'INSERT' })
    expect(await eventually(() => changesOf(adminHears, followUp.data.id)[0], 'the follow-up')).toMatchObject({ table: 'follow_ups' })
    const leadOf = (change: (typeof adminHears.changes)[number]) => (change.new as { lead_id?: string }).lead_id
    await eventually(() => adminHears.changes.find((change) => change.table === 'lead_events' && leadOf(change) === lead), 'the history event')
    await new Promise((resolve) => setTimeout(resolve, sameTurnMs))
    expect(otherHears.changes.filter((change) => leadOf(change) === lead)).toEqual([])
  })
})
