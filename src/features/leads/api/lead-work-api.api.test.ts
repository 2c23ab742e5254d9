import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUserAndSignIn, serviceClient, type SignedInUser } from '@backend/local/testing/clients'
import { newLead } from '@backend/tests/support/leads'
import { createFollowUpsApi } from './follow-ups-api'
import { createHistoryApi } from './history-api'
import { createLeadsApi } from './leads-api'
import { createNotesApi } from './notes-api'

const signal = () => new AbortController().signal
const hourFromNow = () => new Date(Date.now() + 3_600_000).toISOString()

let staff: SignedInUser
let otherStaff: SignedInUser

/** A lead owned by `owner` (or nobody), with the given phone. */
async function storedLead(owner: SignedInUser | null, phone = `9${String(Date.now()).slice(-9)}`) {
  const lead = newLead({ id: `work-${randomUUID()}`, phone, owner_id: owner?.userId ?? null })
  const { error } = await serviceClient().from('leads').insert(lead)
  if (error) throw new Error(`arranging a lead failed: ${error.message}`)
  return lead.id
}

beforeAll(async () => {
  ;[staff, otherStaff] = await Promise.all([createUserAndSignIn({ role: 'staff', displayName: 'Sita Staff' }), createUserAndSignIn({ role: 'staff' })])
})

describe('notes api through supabase-js', () => {
  it('adds a note as its author, trimmed, reads it newest first, edits and deletes it; the history keeps each', async () => {
    const notes = createNotesApi(staff.client)
    const lead = await storedLead(staff)
    const first = await notes.addNote(lead, '  first  ')
    expect(first).toMatchObject({ lead_id: lead, author_id: staff.userId, author_name: 'Sita Staff', body: 'first' })
    const second = await notes.addNote(lead, '<b>second</b>')
    expect((await notes.fetchNotes(lead, signal())).map((note) => note.body)).toEqual(['<b>second</b>', 'first'])
    expect((await notes.editNote(first.id, 'first, edited')).body).toBe('first, edited')
    await notes.deleteNote(second.id)
    expect((await notes.fetchNotes(lead, signal())).map((note) => note.id)).toEqual([first.id])
    const kinds = (await createHistoryApi(staff.client).fetchHistory(lead, null, signal())).map((event) => event.kind)
    expect(kinds.slice(0, 4)).toEqual(['note_deleted', 'note_edited', 'note_added', 'note_added'])
  })

  it('refuses an empty or too long note with the check code, and another member\'s lead as unreadable', async () => {
    const notes = createNotesApi(staff.client)
    const lead = await storedLead(staff)
    await expect(notes.addNote(lead, '   ')).rejects.toMatchObject({ code: '23514' })
    await expect(notes.addNote(lead, 'x'.repeat(2001))).rejects.toMatchObject({ code: '23514' })
    await expect(createNotesApi(otherStaff.client).addNote(lead, 'not mine')).rejects.toHaveProperty('code')
    expect(await createNotesApi(otherStaff.client).fetchNotes(lead, signal())).toEqual([])
  })

  it('lets only the author change a note', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const lead = await storedLead(staff)
    const note = await createNotesApi(staff.client).addNote(lead, 'mine')
    await expect(createNotesApi(admin.client).editNote(note.id, 'theirs')).rejects.toHaveProperty('code')
    expect((await createNotesApi(staff.client).fetchNotes(lead, signal()))[0]?.body).toBe('mine')
  })
})

describe('follow-ups api through supabase-js', () => {
  it('adds, reschedules and marks done a follow-up; a past time only when confirmed as overdue', async () => {
    const followUps = createFollowUpsApi(staff.client)
    const lead = await storedLead(null)
    const past = new Date(Date.now() - 86_400_000).toISOString()
    await expect(followUps.addFollowUp(lead, 'Call back', { dueAt: past, allowPast: false })).rejects.toMatchObject({ code: 'follow_up_in_past' })
    expect(await followUps.fetchFollowUps(lead, signal())).toEqual([])
    await followUps.addFollowUp(lead, 'Call back', { dueAt: past, allowPast: true })
    await followUps.addFollowUp(lead, 'Send sketches', { dueAt: hourFromNow(), allowPast: false })
    const [overdue, later] = await followUps.fetchFollowUps(lead, signal())
    expect([overdue?.text, later?.text]).toEqual(['Call back', 'Send sketches'])
    expect(overdue?.assignee_id).toBe(staff.userId)
    const moved = new Date(Date.now() + 2 * 86_400_000).toISOString()
    await followUps.rescheduleFollowUp(overdue!.id, { dueAt: moved, allowPast: false })
    await followUps.markFollowUpDone(later!.id)
    const after = await followUps.fetchFollowUps(lead, signal())
    expect(after.map((followUp) => [followUp.text, followUp.done_at === null])).toEqual([
      ['Call back', true],
      ['Send sketches', false],
    ])
    expect(Date.parse(after[0]!.due_at)).toBe(Date.parse(moved))
    const kinds = (await createHistoryApi(staff.client).fetchHistory(lead, null, signal())).map((event) => event.kind)
    expect(kinds.slice(0, 4)).toEqual(['follow_up_done', 'follow_up_rescheduled', 'follow_up_set', 'follow_up_set'])
  })

  it('refuses an empty text with its code', async () => {
    const lead = await storedLead(staff)
    await expect(createFollowUpsApi(staff.client).addFollowUp(lead, '  ', { dueAt: hourFromNow(), allowPast: false })).rejects.toHaveProperty('code')
  })
})

describe('history api through supabase-js', () => {
  it('reads a lead\'s history newest first in pages, with who did what', async () => {
    const lead = await storedLead(null)
    const leads = createLeadsApi(staff.client)
    let seen = (await leads.fetchLead(lead))!.updated_at
    for (const status of ['contacted', 'closed', 'pending', 'contacted'] as const) seen = (await leads.updateLead(lead, { status }, seen)).lead.updated_at
    await leads.recordWhatsAppOpened(lead)
    const history = createHistoryApi(staff.client)
    const newest = await history.fetchHistory(lead, null, signal())
    expect(newest[0]).toMatchObject({ kind: 'whatsapp_opened', actor_id: staff.userId, actor_name: 'Sita Staff' })
    expect(newest.slice(1, 5).map((event) => event.data)).toEqual([
      { from: 'pending', to: 'contacted' },
      { from: 'closed', to: 'pending' },
      { from: 'contacted', to: 'closed' },
      { from: 'pending', to: 'contacted' },
    ])
    const older = await history.fetchHistory(lead, newest[2]!.id, signal())
    expect(older.map((event) => event.id)).toEqual(newest.slice(3).map((event) => event.id))
  })

  it('marks a lead whose phone an earlier lead has as returning, and names the earlier lead', async () => {
    const phone = `8${String(Date.now()).slice(-9)}`
    const first = await storedLead(null, phone)
    const second = await storedLead(null, phone)
    const leads = createLeadsApi(staff.client)
    expect((await leads.fetchLead(first))?.returning).toBe(false)
    expect((await leads.fetchLead(second))?.returning).toBe(true)
    expect((await createHistoryApi(staff.client).fetchEarlierLeads(second, signal())).map((lead) => lead.id)).toEqual([first])
  })
})
