import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { noteSchema, type LeadNote } from '../notes/note.schema'

/** At most this many notes of a lead are read; a lead's notes are a conversation, not a log. */
export const notesShown = 200

export function createNotesApi(client: SupabaseClient) {
  /** A lead's notes, newest first. */
  async function fetchNotes(leadId: string, signal: AbortSignal): Promise<LeadNote[]> {
    const { data, error } = await client
      .from('lead_notes')
      .select('*')
      .eq('lead_id', leadId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(notesShown)
      .abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the notes')
    return z.array(noteSchema).parse(data)
  }

  /** Adds a note as the signed-in member; the database trims it, checks it and names its author. */
  async function addNote(leadId: string, body: string): Promise<LeadNote> {
    const { data, error } = await client.from('lead_notes').insert({ lead_id: leadId, body }).select('*').single()
    if (error) throw toApiError(error, 'Failed to add the note')
    return noteSchema.parse(data)
  }

  /** Changes a note's text: only its author, only in its first 15 minutes (note_locked after). */
  async function editNote(noteId: string, body: string): Promise<LeadNote> {
    const { data, error } = await client.from('lead_notes').update({ body }).eq('id', noteId).select('*').single()
    if (error) throw toApiError(error, 'Failed to change the note')
    return noteSchema.parse(data)
  }

  /** Deletes a note: only its author, only in its first 15 minutes. Its text stays in the history. */
  async function deleteNote(noteId: string): Promise<void> {
    const { error } = await client.from('lead_notes').delete().eq('id', noteId)
    if (error) throw toApiError(error, 'Failed to delete the note')
  }

  return { fetchNotes, addNote, editNote, deleteNote }
}

export type NotesApi = ReturnType<typeof createNotesApi>
