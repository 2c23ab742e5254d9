import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLead } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, weekdaysFrom } from './support/slots.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

interface HistoryEvent {
  id: number
  lead_id: string
  at: string
  actor_id: string | null
  actor_name: string
  kind: string
  data: Record<string, unknown>
}

async function history(leadId: string, client = team.admin.client): Promise<HistoryEvent[]> {
  const { data, error } = await client.rpc('lead_history', { lead_id: leadId })
  expect(error).toBeNull()
  return data as HistoryEvent[]
}

const kindsOf = (events: HistoryEvent[]) => events.map((event) => event.kind)

async function visitorLead(): Promise<string> {
  const lead = newLead({ language: 'hi' })
  const { error } = await team.anonClient().from('leads').insert(lead)
  expect(error).toBeNull()
  return lead.id
}

describe('what the history records, and who', () => {
  it('a lead from the chat starts with created by the Visitor, with its language and source', async () => {
    const lead = await visitorLead()
    const [created] = await history(lead)
    expect(created).toMatchObject({ kind: 'created', actor_id: null, actor_name: 'Visitor', data: { source: 'chat', language: 'hi' } })
  })

  it('a lead inserted by the system is an import', async () => {
    const lead = await arrangeLead(team.serviceClient())
    expect((await history(lead))[0]).toMatchObject({ kind: 'created', actor_name: 'System', data: { source: 'import', language: 'en' } })
  })

  it('status and owner changes name the member who made them, newest first', async () => {
    const lead = await visitorLead()
    await team.staff.client.from('leads').update({ owner_id: team.staff.userId }).eq('id', lead).throwOnError()
    await team.staff.client.from('leads').update({ status: 'contacted' }).eq('id', lead).throwOnError()
    await team.admin.client.from('leads').update({ owner_id: team.otherStaff.userId, status: 'closed' }).eq('id', lead).throwOnError()
    const events = await history(lead)
    expect(kindsOf(events)).toEqual(['owner_changed', 'status_changed', 'status_changed', 'owner_changed', 'created'])
    expect(events[0]).toMatchObject({
      actor_id: team.admin.userId,
      actor_name: 'Asha Admin',
      data: { from_id: team.staff.userId, from_name: 'Sita Staff', to_id: team.otherStaff.userId, to_name: 'Omkar Staff' },
    })
    expect(events[1]).toMatchObject({ actor_name: 'Asha Admin', data: { from: 'contacted', to: 'closed' } })
    expect(events[2]).toMatchObject({ actor_id: team.staff.userId, actor_name: 'Sita Staff', data: { from: 'pending', to: 'contacted' } })
    expect(events[3]).toMatchObject({ actor_name: 'Sita Staff', data: { from_id: null, to_id: team.staff.userId, to_name: 'Sita Staff' } })
  })

  it('a stale write records nothing; both people\'s changes are in the history', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const seen = (await team.staff.client.from('leads').select('updated_at').eq('id', lead).single()).data!.updated_at
    await team.staff.client.from('leads').update({ status: 'contacted' }).eq('id', lead).eq('updated_at', seen).throwOnError()
    const stale = await team.admin.client.from('leads').update({ status: 'closed' }).eq('id', lead).eq('updated_at', seen).select('id')
    expect(stale.data).toEqual([])
    const fresh = (await team.admin.client.from('leads').select('updated_at').eq('id', lead).single()).data!.updated_at
    await team.admin.client.from('leads').update({ status: 'closed' }).eq('id', lead).eq('updated_at', fresh).throwOnError()
    expect((await history(lead)).map((event) => [event.actor_name, event.kind])).toEqual([
      ['Asha Admin', 'status_changed'],
      ['Sita Staff', 'status_changed'],
      ['System', 'created'],
    ])
  })

  it('appointments: booked by a visitor, confirmed and moved by a member', async () => {
    const lead = await visitorLead()
    const [day, laterDay] = weekdaysFrom(2, 2) as [string, string]
    const booking = await team.anonClient().from('appointments').insert(visitorBooking(lead, istSlot(day, 10)))
    expect(booking.error).toBeNull()
    const { data: appointment } = await team.staff.client.from('appointments').select('id').eq('lead_id', lead).single()
    await team.staff.client.from('appointments').update({ status: 'confirmed' }).eq('id', appointment!.id).throwOnError()
    await team.staff.client.from('appointments').update({ slot_datetime: istSlot(laterDay, 11) }).eq('id', appointment!.id).throwOnError()
    const events = await history(lead, team.staff.client)
    expect(kindsOf(events)).toEqual(['appointment_rescheduled', 'appointment_status_changed', 'appointment_booked', 'created'])
    expect(events[2]).toMatchObject({ actor_name: 'Visitor', data: { appointment_id: appointment!.id, by: 'visitor' } })
    expect(events[1]).toMatchObject({ actor_name: 'Sita Staff', data: { from: 'scheduled', to: 'confirmed' } })
    expect(new Date(events[0]!.data.to_slot as string).getTime()).toBe(new Date(istSlot(laterDay, 11)).getTime())
  })

  it('record_whatsapp_opened: members on leads they read; others refused', async () => {
    const lead = await arrangeLead(team.serviceClient())
    expect((await team.staff.client.rpc('record_whatsapp_opened', { lead_id: lead })).error).toBeNull()
    expect((await history(lead))[0]).toMatchObject({ kind: 'whatsapp_opened', actor_name: 'Sita Staff', data: {} })
    const owned = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    expect((await team.staff.client.rpc('record_whatsapp_opened', { lead_id: owned })).error).toMatchObject({ code: 'lead_not_found' })
    expect((await team.staff.client.rpc('record_whatsapp_opened', { lead_id: 'no-such-lead' })).error).toMatchObject({ code: 'lead_not_found' })
    expect((await team.nonMember.client.rpc('record_whatsapp_opened', { lead_id: lead })).error).toMatchObject({ code: '42501' })
    expect((await team.anonClient().rpc('record_whatsapp_opened', { lead_id: lead })).error).not.toBeNull()
    expect(kindsOf(await history(lead))).toEqual(['whatsapp_opened', 'created'])
  })
})

describe('who reads the history, and that nobody forges it', () => {
  it('admins read every lead\'s events; staff those of leads they read; others nothing', async () => {
    const own = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const others = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    const read = async (client: TeamBackend['admin']['client']) =>
      [...new Set(((await client.from('lead_events').select('lead_id').in('lead_id', [own, others])).data ?? []).map((row) => row.lead_id))].sort()
    expect(await read(team.admin.client)).toEqual([own, others].sort())
    expect(await read(team.staff.client)).toEqual([own])
    expect(await read(team.nonMember.client)).toEqual([])
    expect(await read(team.anonClient())).toEqual([])
    expect((await team.staff.client.rpc('lead_history', { lead_id: others })).error).toMatchObject({ code: 'lead_not_found' })
    expect((await team.nonMember.client.rpc('lead_history', { lead_id: own })).error).toMatchObject({ code: '42501' })
  })

  it('no role inserts, changes or deletes an event, the service role included', async () => {
    const lead = await arrangeLead(team.serviceClient())
    const forged = { lead_id: lead, actor_name: 'Asha Admin', kind: 'status_changed', data: { from: 'pending', to: 'closed' } }
    for (const client of [team.admin.client, team.staff.client, team.anonClient(), team.serviceClient()]) {
      expect((await client.from('lead_events').insert(forged)).error).toMatchObject({ code: '42501' })
      expect((await client.from('lead_events').update({ actor_name: 'Nobody' }).eq('lead_id', lead)).error).toMatchObject({ code: '42501' })
      expect((await client.from('lead_events').delete().eq('lead_id', lead)).error).toMatchObject({ code: '42501' })
    }
    expect(kindsOf(await history(lead))).toEqual(['created'])
  })

  it('an event kind is a row of lead_event_kinds; nobody but migrations adds one', async () => {
    const { data } = await team.staff.client.from('lead_event_kinds').select('kind').eq('kind', 'note_added')
    expect(data).toEqual([{ kind: 'note_added' }])
    expect((await team.admin.client.from('lead_event_kinds').insert({ kind: 'forged' })).error).toMatchObject({ code: '42501' })
  })

  it('a deleted lead takes its history with it', async () => {
    const lead = await arrangeLead(team.serviceClient())
    await team.staff.client.rpc('record_whatsapp_opened', { lead_id: lead }).throwOnError()
    await team.serviceClient().from('leads').delete().eq('id', lead).throwOnError()
    expect((await team.serviceClient().from('lead_events').select('id').eq('lead_id', lead)).data).toEqual([])
  })
})

describe('lead_history pages', () => {
  it('pages newest first by before_id; bad pages are refused with codes', async () => {
    const lead = await arrangeLead(team.serviceClient())
    for (let opened = 0; opened < 4; opened += 1) await team.staff.client.rpc('record_whatsapp_opened', { lead_id: lead }).throwOnError()
    const all = await history(lead)
    expect(all).toHaveLength(5)
    const first = await team.admin.client.rpc('lead_history', { lead_id: lead, page_size: 2 })
    expect((first.data as HistoryEvent[]).map((event) => event.id)).toEqual(all.slice(0, 2).map((event) => event.id))
    const second = await team.admin.client.rpc('lead_history', { lead_id: lead, page_size: 2, before_id: all[1]!.id })
    expect((second.data as HistoryEvent[]).map((event) => event.id)).toEqual(all.slice(2, 4).map((event) => event.id))
    for (const page_size of [0, 201, -1])
      expect((await team.admin.client.rpc('lead_history', { lead_id: lead, page_size })).error).toMatchObject({ code: 'invalid_page_size' })
    const foreign = await team.admin.client.rpc('lead_history', { lead_id: lead, before_id: 1 })
    expect(foreign.error).toMatchObject({ code: 'unknown_history_event' })
    const huge = await team.admin.client.rpc('lead_history', { lead_id: 'x'.repeat(2001) })
    expect(huge.error).toMatchObject({ code: 'lead_not_found' })
  })
})
