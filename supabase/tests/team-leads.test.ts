import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onePixelPng, readBySignedUrl, uploadName } from './support/images.ts'
import { arrangeLead, idsOf, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend
let unassigned: string
let staffOwn: string
let othersLead: string
let adminsLead: string

beforeAll(async () => {
  team = await startTeamBackend()
  const service = team.serviceClient()
  unassigned = await arrangeLead(service)
  staffOwn = await arrangeLead(service, { owner_id: team.staff.userId })
  othersLead = await arrangeLead(service, { owner_id: team.otherStaff.userId })
  adminsLead = await arrangeLead(service, { owner_id: team.admin.userId })
})

afterAll(async () => {
  await team?.backend.close()
})

const arranged = () => [unassigned, staffOwn, othersLead, adminsLead]

describe('who reads which leads', () => {
  it('admins read every lead; staff their own and the unassigned ones; others none', async () => {
    const read = async (client: TeamBackend['admin']['client']) => idsOf((await client.from('leads').select('id').in('id', arranged())).data).sort()
    expect(await read(team.admin.client)).toEqual([...arranged()].sort())
    expect(await read(team.staff.client)).toEqual([unassigned, staffOwn].sort())
    expect(await read(team.otherStaff.client)).toEqual([unassigned, othersLead].sort())
    expect(await read(team.nonMember.client)).toEqual([])
    expect(await read(team.anonClient())).toEqual([])
  })

  it('search_leads, the "mine" and "unassigned" filters read through the same rule', async () => {
    const search = await team.staff.client.rpc('search_leads', { term: '' }).in('id', arranged())
    expect(idsOf(search.data).sort()).toEqual([unassigned, staffOwn].sort())
    const mine = await team.staff.client.from('leads').select('id').eq('owner_id', team.staff.userId).in('id', arranged())
    expect(idsOf(mine.data)).toEqual([staffOwn])
    const pool = await team.staff.client.rpc('search_leads', { term: '' }).is('owner_id', null).in('id', arranged())
    expect(idsOf(pool.data)).toEqual([unassigned])
    const nonMember = await team.nonMember.client.rpc('search_leads', { term: '' }).in('id', arranged())
    expect(nonMember.data).toEqual([])
  })
})

describe('taking, releasing and assigning a lead', () => {
  it('staff take an unassigned lead and release it again', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const taken = await team.staff.client.from('leads').update({ owner_id: team.staff.userId }).eq('id', lead).select('owner_id')
    expect(taken.error).toBeNull()
    expect(taken.data).toEqual([{ owner_id: team.staff.userId }])
    expect((await team.otherStaff.client.from('leads').select('id').eq('id', lead)).data).toEqual([])
    const released = await team.staff.client.from('leads').update({ owner_id: null }).eq('id', lead).select('owner_id')
    expect(released.data).toEqual([{ owner_id: null }])
  })

  it('staff may not give a lead to someone else, nor take another member\'s lead', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const given = await team.staff.client.from('leads').update({ owner_id: team.otherStaff.userId }).eq('id', lead).select('owner_id')
    expect(given.error).toMatchObject({ code: 'owner_change_not_allowed' })
    const stolen = await team.staff.client.from('leads').update({ owner_id: team.staff.userId }).eq('id', othersLead).select('owner_id')
    expect(stolen.error).toBeNull()
    expect(stolen.data).toEqual([])
    const owner = await team.serviceClient().from('leads').select('owner_id').eq('id', othersLead).single()
    expect(owner.data).toEqual({ owner_id: team.otherStaff.userId })
  })

  it('admins assign any member or nobody; a non-member is refused with owner_not_member', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const assigned = await team.admin.client.from('leads').update({ owner_id: team.otherStaff.userId }).eq('id', lead).select('owner_id')
    expect(assigned.data).toEqual([{ owner_id: team.otherStaff.userId }])
    const refused = await team.admin.client.from('leads').update({ owner_id: team.nonMember.userId }).eq('id', lead).select('owner_id')
    expect(refused.error).toMatchObject({ code: 'owner_not_member', message: 'That person is no longer in the team' })
    const unknown = await team.admin.client.from('leads').update({ owner_id: crypto.randomUUID() }).eq('id', lead)
    expect(unknown.error).toMatchObject({ code: 'owner_not_member' })
    const cleared = await team.admin.client.from('leads').update({ owner_id: null }).eq('id', lead).select('owner_id')
    expect(cleared.data).toEqual([{ owner_id: null }])
  })

  it('a non-member and a visitor change no lead', async () => {
    const lead = await arrangeLead(team.serviceClient())
    for (const client of [team.nonMember.client, team.anonClient()]) {
      const { data } = await client.from('leads').update({ status: 'contacted' }).eq('id', lead).select('id')
      expect(data ?? []).toEqual([])
    }
    const visitorOwned = await team.anonClient().from('leads').insert({ ...(await import('./support/leads.ts')).newLead(), owner_id: team.staff.userId })
    expect(visitorOwned.error).toMatchObject({ code: '42501' })
  })

  it('two staff taking the same lead at once: exactly one wins', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const take = (member: TeamBackend['staff']) =>
      member.client.from('leads').update({ owner_id: member.userId }).eq('id', lead).is('owner_id', null).select('owner_id')
    const answers = await Promise.all([take(team.staff), take(team.otherStaff)])
    expect(answers.map((answer) => answer.error)).toEqual([null, null])
    expect(answers.map((answer) => answer.data?.length).sort()).toEqual([0, 1])
  })

  it('staff change the status of the leads they read; a stale write changes nothing', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const seen = (await team.staff.client.from('leads').select('updated_at').eq('id', lead).single()).data!.updated_at
    const first = await team.staff.client.from('leads').update({ status: 'contacted' }).eq('id', lead).eq('updated_at', seen).select('status')
    expect(first.data).toEqual([{ status: 'contacted' }])
    const stale = await team.otherStaff.client.from('leads').update({ status: 'closed' }).eq('id', lead).eq('updated_at', seen).select('status')
    expect(stale.error).toBeNull()
    expect(stale.data).toEqual([])
    const other = await team.staff.client.from('leads').update({ status: 'contacted' }).eq('id', othersLead).select('id')
    expect(other.data).toEqual([])
  })

  it('staff change no other column of a lead', async () => {
    const { error } = await team.staff.client.from('leads').update({ name: 'Changed' }).eq('id', staffOwn)
    expect(error).toMatchObject({ code: '42501' })
  })
})

describe('appointments of the leads a member reads', () => {
  const slots = ['2031-01-06T10:00:00+05:30', '2031-01-06T11:00:00+05:30', '2031-01-06T12:00:00+05:30']
  let ofOwn: string
  let ofOthers: string
  let ofUnassigned: string

  beforeAll(async () => {
    const service = team.serviceClient()
    const leads = [await arrangeLead(service, { owner_id: team.staff.userId }), await arrangeLead(service, { owner_id: team.otherStaff.userId }), await arrangeLead(service)]
    const rows = leads.map((lead_id, index) => ({ id: crypto.randomUUID(), lead_id, slot_datetime: slots[index], status: 'scheduled' }))
    const { error } = await service.from('appointments').insert(rows)
    if (error) throw new Error(error.message)
    ;[ofOwn, ofOthers, ofUnassigned] = rows.map((row) => row.id) as [string, string, string]
  })

  it('staff read and update those of their own and unassigned leads; admins all; others none', async () => {
    const read = async (client: TeamBackend['admin']['client']) =>
      idsOf((await client.from('appointments').select('id').in('id', [ofOwn, ofOthers, ofUnassigned])).data).sort()
    expect(await read(team.staff.client)).toEqual([ofOwn, ofUnassigned].sort())
    expect(await read(team.admin.client)).toEqual([ofOwn, ofOthers, ofUnassigned].sort())
    expect(await read(team.nonMember.client)).toEqual([])
    const rows = await team.staff.client.from('appointment_rows').select('id').in('id', [ofOwn, ofOthers, ofUnassigned])
    expect(idsOf(rows.data).sort()).toEqual([ofOwn, ofUnassigned].sort())
    const confirmed = await team.staff.client.from('appointments').update({ status: 'confirmed' }).eq('id', ofOwn).select('status')
    expect(confirmed.data).toEqual([{ status: 'confirmed' }])
    const others = await team.staff.client.from('appointments').update({ status: 'confirmed' }).eq('id', ofOthers).select('status')
    expect(others.data).toEqual([])
  })
})

describe('reference images of the leads a member reads', () => {
  it('staff sign URLs for the images of their leads only', async () => {
    const mine = uploadName()
    const theirs = uploadName()
    for (const name of [mine, theirs]) {
      const { error } = await team.anonClient().storage.from('reference-images').upload(name, onePixelPng, { contentType: 'image/png' })
      expect(error).toBeNull()
    }
    await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId, reference_image: mine })
    await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId, reference_image: theirs })
    expect((await readBySignedUrl(team.staff.client, mine))?.status).toBe(200)
    expect(await readBySignedUrl(team.staff.client, theirs)).toBeNull()
    expect((await readBySignedUrl(team.admin.client, theirs))?.status).toBe(200)
    expect(await readBySignedUrl(team.nonMember.client, mine)).toBeNull()
  })
})

describe('the team', () => {
  it('members read the whole team with names and emails; a non-member only its own row', async () => {
    const members = [team.admin, team.staff, team.otherStaff].map((member) => member.userId)
    const staffView = await team.staff.client.from('user_roles').select('user_id, role, display_name, email').in('user_id', members)
    expect(staffView.data).toContainEqual({ user_id: team.admin.userId, role: 'admin', display_name: 'Asha Admin', email: team.admin.email })
    expect(staffView.data).toHaveLength(3)
    expect((await team.nonMember.client.from('user_roles').select('user_id')).data).toEqual([])
    expect((await team.anonClient().from('user_roles').select('user_id')).data ?? []).toEqual([])
  })

  it('nobody but the service role writes user_roles', async () => {
    const insert = await team.admin.client.from('user_roles').insert({ user_id: team.nonMember.userId, role: 'staff' })
    expect(insert.error).toMatchObject({ code: '42501' })
    const update = await team.admin.client.from('user_roles').update({ role: 'admin' }).eq('user_id', team.staff.userId)
    expect(update.error).toMatchObject({ code: '42501' })
  })

  it('only admins change roles; the team keeps an admin; a role is admin or staff', async () => {
    const fresh = await team.createUserAndSignIn({ role: 'staff' })
    expect((await team.staff.client.rpc('team_set_role', { member: fresh.userId, role: 'admin' })).error).toMatchObject({ code: '42501' })
    expect((await team.nonMember.client.rpc('team_set_role', { member: fresh.userId, role: 'admin' })).error).toMatchObject({ code: '42501' })
    expect((await team.anonClient().rpc('team_set_role', { member: fresh.userId, role: 'admin' })).error).not.toBeNull()
    for (const role of ['', ' ', 'owner', 'x'.repeat(2001), '<script>'])
      expect((await team.admin.client.rpc('team_set_role', { member: fresh.userId, role })).error).toMatchObject({ code: 'invalid_role' })
    expect((await team.admin.client.rpc('team_set_role', { member: team.nonMember.userId, role: 'staff' })).error).toMatchObject({ code: 'not_member' })
    const promoted = await team.admin.client.rpc('team_set_role', { member: fresh.userId, role: 'admin' })
    expect(promoted.data).toMatchObject({ user_id: fresh.userId, role: 'admin' })
    expect((await fresh.client.rpc('team_set_role', { member: fresh.userId, role: 'staff' })).data).toMatchObject({ role: 'staff' })
    const lastAdmin = await team.admin.client.rpc('team_set_role', { member: team.admin.userId, role: 'staff' })
    expect(lastAdmin.error).toMatchObject({ code: 'last_admin' })
  })

  it('admins rename anyone, members themselves; bad names are refused', async () => {
    const renamed = await team.staff.client.rpc('team_set_name', { member: team.staff.userId, display_name: '  Sita S.  ' })
    expect(renamed.data).toMatchObject({ display_name: 'Sita S.' })
    expect((await team.staff.client.rpc('team_set_name', { member: team.otherStaff.userId, display_name: 'X' })).error).toMatchObject({ code: '42501' })
    expect((await team.nonMember.client.rpc('team_set_name', { member: team.nonMember.userId, display_name: 'X' })).error).toMatchObject({ code: '42501' })
    for (const name of ['', '   ', 'x'.repeat(81), 'tab\there', 'line\nbreak'])
      expect((await team.admin.client.rpc('team_set_name', { member: team.staff.userId, display_name: name })).error).toMatchObject({ code: 'invalid_display_name' })
    const nul = await team.admin.client.rpc('team_set_name', { member: team.staff.userId, display_name: 'a\u0000b' })
    expect(nul).toMatchObject({ status: 400, error: { code: '22021' } })
    const hostile = '<b>\u202eSita</b>'
    expect((await team.admin.client.rpc('team_set_name', { member: team.staff.userId, display_name: hostile })).data).toMatchObject({ display_name: hostile })
    await team.admin.client.rpc('team_set_name', { member: team.staff.userId, display_name: 'Sita Staff' })
  })
})

describe('Insights are for admins', () => {
  it('staff and non-members get 42501 from the insights functions; admins their figures', async () => {
    const range = { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }
    for (const client of [team.staff.client, team.nonMember.client]) {
      expect((await client.rpc('chat_funnel', { ...range, step_ids: ['welcome'] })).error).toMatchObject({ code: '42501' })
      expect((await client.rpc('chat_sources', range)).error).toMatchObject({ code: '42501' })
    }
    expect((await team.admin.client.rpc('chat_funnel', { ...range, step_ids: ['welcome'] })).error).toBeNull()
  })
})
