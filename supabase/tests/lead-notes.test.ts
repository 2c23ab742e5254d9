import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend
let lead: string

beforeAll(async () => {
  team = await startTeamBackend()
  lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
})

afterAll(async () => {
  await team?.backend.close()
})

type Member = TeamBackend['staff']

async function addNote(member: Member, body: string, leadId = lead) {
  return member.client.from('lead_notes').insert({ lead_id: leadId, body }).select('id, author_id, author_name, body').single()
}

/** Moves a note's creation `secondsAgo` into the past, as the service role arranging data. */
async function ageNote(id: string, secondsAgo: number) {
  await team.serviceClient().from('lead_notes').update({ created_at: new Date(Date.now() - secondsAgo * 1000).toISOString() }).eq('id', id).throwOnError()
}

async function noteEvents(noteId: string) {
  const { data, error } = await team.admin.client.from('lead_events').select('actor_name, kind, data').eq('lead_id', lead).order('id')
  expect(error).toBeNull()
  return (data ?? []).filter((event) => event.data.note_id === noteId)
}

describe('adding notes', () => {
  it('a member adds a note as themselves on a lead they read; it is in the history', async () => {
    const { data, error } = await addNote(team.staff, '  Called, wants a ring by March.\nSend designs.  ')
    expect(error).toBeNull()
    expect(data).toMatchObject({ author_id: team.staff.userId, author_name: 'Sita Staff', body: 'Called, wants a ring by March.\nSend designs.' })
    expect(await noteEvents(data!.id)).toEqual([{ actor_name: 'Sita Staff', kind: 'note_added', data: { note_id: data!.id, body: data!.body } }])
  })

  it('nobody writes a note as someone else, nor on a lead they do not read', async () => {
    const forged = await team.staff.client.from('lead_notes').insert({ lead_id: lead, body: 'x', author_id: team.admin.userId })
    expect(forged.error).toMatchObject({ code: '42501' })
    const others = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    expect((await addNote(team.staff, 'x', others)).error).toMatchObject({ code: '42501' })
    expect((await addNote(team.nonMember, 'x')).error).toMatchObject({ code: '42501' })
    expect((await team.anonClient().from('lead_notes').insert({ lead_id: lead, body: 'x' })).error).toMatchObject({ code: '42501' })
  })

  it('refuses empty, blank, 2,001-character and control-character notes; keeps hostile text as text', async () => {
    for (const body of ['', ' \n\t ', 'x'.repeat(2001), 'bell\u0007', 'carriage\rreturn'])
      expect([body, (await addNote(team.staff, body)).error?.code]).toEqual([body, '23514'])
    expect(await addNote(team.staff, 'nul\u0000')).toMatchObject({ status: 400, error: { code: '22021' } })
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)> \u202eevil\u202c ' + 'x'.repeat(1900)
    const stored = await addNote(team.staff, hostile)
    expect(stored.data?.body).toBe(hostile)
    expect((await addNote(team.staff, 'y'.repeat(2000))).error).toBeNull()
  })

  it('members read the notes of the leads they read', async () => {
    const note = (await addNote(team.staff, 'only for readers')).data!
    expect((await team.admin.client.from('lead_notes').select('id').eq('id', note.id)).data).toEqual([{ id: note.id }])
    expect((await team.otherStaff.client.from('lead_notes').select('id').eq('id', note.id)).data).toEqual([])
    expect((await team.nonMember.client.from('lead_notes').select('id').eq('id', note.id)).data).toEqual([])
  })
})

describe('editing and deleting notes', () => {
  it('the author edits and deletes within 15 minutes; both are in the history', async () => {
    const note = (await addNote(team.staff, 'first words')).data!
    const edited = await team.staff.client.from('lead_notes').update({ body: ' second words ' }).eq('id', note.id).select('body').single()
    expect(edited.data).toEqual({ body: 'second words' })
    await team.staff.client.from('lead_notes').delete().eq('id', note.id).throwOnError()
    expect(await noteEvents(note.id)).toEqual([
      { actor_name: 'Sita Staff', kind: 'note_added', data: { note_id: note.id, body: 'first words' } },
      { actor_name: 'Sita Staff', kind: 'note_edited', data: { note_id: note.id, before: 'first words', after: 'second words' } },
      { actor_name: 'Sita Staff', kind: 'note_deleted', data: { note_id: note.id, body: 'second words' } },
    ])
  })

  it('nobody but the author edits or deletes a note, admins included', async () => {
    const note = (await addNote(team.staff, 'mine')).data!
    for (const member of [team.admin, team.otherStaff, team.nonMember]) {
      expect((await member.client.from('lead_notes').update({ body: 'theirs' }).eq('id', note.id).select('id')).data ?? []).toEqual([])
      expect((await member.client.from('lead_notes').delete().eq('id', note.id).select('id')).data ?? []).toEqual([])
    }
    expect((await team.staff.client.from('lead_notes').update({ author_id: team.admin.userId }).eq('id', note.id)).error).toMatchObject({ code: '42501' })
    expect((await team.serviceClient().from('lead_notes').select('body').eq('id', note.id).single()).data).toEqual({ body: 'mine' })
  })

  it('after 15 minutes a note is locked: 403 note_locked, for edits and deletions', async () => {
    const note = (await addNote(team.staff, 'settled')).data!
    await ageNote(note.id, 15 * 60 + 1)
    const edit = await team.staff.client.from('lead_notes').update({ body: 'rewritten' }).eq('id', note.id)
    expect(edit).toMatchObject({ status: 403, error: { code: 'note_locked', message: 'Notes can be changed only in their first 15 minutes' } })
    expect((await team.staff.client.from('lead_notes').delete().eq('id', note.id)).error).toMatchObject({ code: 'note_locked' })
    expect((await team.serviceClient().from('lead_notes').select('body').eq('id', note.id).single()).data).toEqual({ body: 'settled' })
  })

  it('an edit racing the lock: allowed a moment before, refused a moment after', async () => {
    const note = (await addNote(team.staff, 'racing')).data!
    await ageNote(note.id, 15 * 60 - 2)
    expect((await team.staff.client.from('lead_notes').update({ body: 'in time' }).eq('id', note.id).select('body')).data).toEqual([{ body: 'in time' }])
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await team.staff.client.from('lead_notes').update({ body: 'too late' }).eq('id', note.id)).error).toMatchObject({ code: 'note_locked' })
  })
})
