import type { EarlierLead } from '@/features/leads/api/history-api'
import type { FollowUpSchedule } from '@/features/leads/api/follow-ups-api'
import type { FollowUp } from '@/features/leads/follow-ups/follow-up.schema'
import type { LeadEvent } from '@/features/leads/history/lead-event.schema'
import type { LeadWorkApi } from '@/features/leads/LeadWork'
import type { LeadNote } from '@/features/leads/notes/note.schema'
import { ApiError, errorCodes } from '@/lib/api-error'
import { memoryQuotesApis } from './memory-quotes-apis'
import type { Viewer } from '@/lib/team'

type Recorder = <TArgs extends unknown[], TResult>(name: string, run: (...args: TArgs) => TResult) => (...args: TArgs) => Promise<Awaited<TResult>>

/**
 * A lead's notes, follow-ups and history held in memory, with the database's rules that the
 * dashboard shows (a note's 15 minutes, a follow-up in the past, history newest first, paged): for
 * component tests. `now` is the database's clock.
 */
export function memoryLeadWorkApis(record: Recorder, viewer: Viewer, now: () => number = Date.now) {
  const notes = new Map<string, LeadNote>()
  const followUps = new Map<string, FollowUp>()
  const events: LeadEvent[] = []
  const earlier = new Map<string, EarlierLead[]>()
  let ids = 0
  const at = () => new Date(now()).toISOString()
  const happened = (leadId: string, kind: string, data: Record<string, unknown>) =>
    events.push({ id: events.length + 1, lead_id: leadId, at: at(), actor_id: viewer.id, actor_name: viewer.displayName, kind, data })
  const ownNote = (id: string) => {
    const note = notes.get(id)
    if (!note || note.author_id !== viewer.id) throw new ApiError(errorCodes.insufficientPrivilege, 'permission denied')
    if (now() - Date.parse(note.created_at) >= 15 * 60_000) throw new ApiError(errorCodes.noteLocked, 'Notes can be changed only in their first 15 minutes')
    return note
  }
  const notInPast = (schedule: FollowUpSchedule) => {
    if (!schedule.allowPast && Date.parse(schedule.dueAt) < now()) throw new ApiError(errorCodes.followUpInPast, 'That time has passed')
  }

  const apis: Omit<LeadWorkApi, 'lead'> = {
    quotes: memoryQuotesApis(),
    notes: {
      fetchNotes: record('fetchNotes', (leadId: string) =>
        [...notes.values()].filter((note) => note.lead_id === leadId).sort((a, b) => b.created_at.localeCompare(a.created_at)),
      ),
      addNote: record('addNote', (leadId: string, body: string) => {
        const note = { id: `note-${++ids}`, lead_id: leadId, author_id: viewer.id, author_name: viewer.displayName, body: body.trim(), created_at: at(), updated_at: at() }
        notes.set(note.id, note)
        happened(leadId, 'note_added', { note_id: note.id, body: note.body })
        return note
      }),
      editNote: record('editNote', (id: string, body: string) => {
        const note = { ...ownNote(id), body: body.trim(), updated_at: at() }
        happened(note.lead_id, 'note_edited', { note_id: id, before: notes.get(id)!.body, after: note.body })
        notes.set(id, note)
        return note
      }),
      deleteNote: record('deleteNote', (id: string) => {
        const note = ownNote(id)
        notes.delete(id)
        happened(note.lead_id, 'note_deleted', { note_id: id, body: note.body })
      }),
    },
    followUps: {
      fetchFollowUps: record('fetchFollowUps', (leadId: string) => [...followUps.values()].filter((followUp) => followUp.lead_id === leadId)),
      addFollowUp: record('addFollowUp', (leadId: string, text: string, schedule: FollowUpSchedule) => {
        notInPast(schedule)
        const followUp: FollowUp = {
          id: `follow-up-${++ids}`, lead_id: leadId, assignee_id: viewer.id, created_by: viewer.id, due_at: schedule.dueAt,
          text: text.trim(), done_at: null, done_by: null, created_at: at(), updated_at: at(),
        }
        followUps.set(followUp.id, followUp)
        happened(leadId, 'follow_up_set', { follow_up_id: followUp.id, due_at: followUp.due_at, text: followUp.text })
      }),
      markFollowUpDone: record('markFollowUpDone', (id: string) => {
        const followUp = { ...followUps.get(id)!, done_at: at(), done_by: viewer.id, updated_at: at() }
        followUps.set(id, followUp)
        happened(followUp.lead_id, 'follow_up_done', { follow_up_id: id })
      }),
      rescheduleFollowUp: record('rescheduleFollowUp', (id: string, schedule: FollowUpSchedule) => {
        notInPast(schedule)
        const before = followUps.get(id)!
        followUps.set(id, { ...before, due_at: schedule.dueAt, updated_at: at() })
        happened(before.lead_id, 'follow_up_rescheduled', { follow_up_id: id, from_due_at: before.due_at, to_due_at: schedule.dueAt })
      }),
    },
    history: {
      fetchHistory: record('fetchHistory', (leadId: string, beforeId: number | null) =>
        events
          .filter((event) => event.lead_id === leadId && (beforeId === null || event.id < beforeId))
          .sort((a, b) => b.id - a.id)
          .slice(0, 50),
      ),
      fetchEarlierLeads: record('fetchEarlierLeads', (leadId: string) => earlier.get(leadId) ?? []),
    },
  }
  return { apis, notes, followUps, events, earlier, happened }
}
