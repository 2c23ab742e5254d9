import type { LeadNote } from './note.schema'
import { noteEditableMs, noteMaxLength } from './note.schema'

/** The length the database checks: characters (code points) after trimming. */
export const noteLength = (body: string) => [...body.trim()].length

/** Whether a note's text may be added: 1 to 2,000 characters after trimming. */
export const noteFits = (body: string) => noteLength(body) >= 1 && noteLength(body) <= noteMaxLength

/** Whether the member may still change or delete a note: their own, within its first 15 minutes. */
export function noteEditable(note: LeadNote, memberId: string, now: number): boolean {
  return note.author_id === memberId && now - Date.parse(note.created_at) < noteEditableMs
}

/** The notes with `note` in its place (or added), newest first: a note may arrive twice, from the write and from the change feed. */
export function withNote(notes: readonly LeadNote[], note: LeadNote): LeadNote[] {
  const others = notes.filter((shown) => shown.id !== note.id)
  return [note, ...others].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
}
