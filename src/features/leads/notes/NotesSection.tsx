import { Button, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useNow } from '@/components/ui/use-now'
import { fromAbortable } from '@/lib/abortable-actor'
import { formatDateTime } from '@/lib/format'
import type { ListChanges } from '@/lib/list-changes'
import type { RowChangeOf } from '@/lib/row-change'
import type { Viewer } from '@/lib/team'
import { fromPromise } from 'xstate'
import type { NotesApi } from '../api/notes-api'
import { announceLeadWorkFailure } from '../lead-work-notices'
import { noteEditable, noteFits, noteLength } from './note-rules'
import { noteMaxLength, type LeadNote } from './note.schema'
import { notesMachine } from './notes.machine'

export const notesTexts = {
  title: 'Notes',
  add: 'Add note',
  newNote: 'New note',
  empty: 'No notes yet',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  loadFailed: 'Failed to load the notes',
  retry: 'Retry',
} as const

interface NotesSectionProps {
  leadId: string
  viewer: Viewer
  api: NotesApi
  changes: ListChanges<RowChangeOf<'lead_notes', LeadNote>>
  /** Hears each write that went through (the history has a new event). */
  onWritten?: () => void
  /** Thumb-sized controls. */
  touch: boolean
}

const count = (value: number) => value.toLocaleString('en-IN')

/** A lead's notes: Add note (up to 2,000 characters, counted), newest first with author and time; the author's Edit and Delete in the first 15 minutes. */
export function NotesSection({ leadId, viewer, api, changes, onWritten, touch }: NotesSectionProps) {
  const machine = useMemo(
    () =>
      notesMachine.provide({
        actors: {
          fetchNotes: fromAbortable<LeadNote[], string>((id, signal) => api.fetchNotes(id, signal)),
          addNote: fromPromise(({ input }) => api.addNote(input.leadId, input.body)),
          editNote: fromPromise(({ input }) => api.editNote(input.id, input.body)),
          deleteNote: fromPromise(({ input }) => api.deleteNote(input)),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyWriteFailed: (_, error) => announceLeadWorkFailure('Failed to save the note')(error),
          notifyWritten: () => onWritten?.(),
        },
      }),
    [api, onWritten],
  )
  const notes = useActorRef(machine, { input: { leadId } })
  useEffect(() => changes((change) => notes.send(change)), [changes, notes])
  const snapshot = useSelector(notes, (state) => state)
  const { draft, editing } = snapshot.context
  const busy = !snapshot.matches({ writing: 'idle' })
  const now = useNow(30_000)
  const size = touch ? 'lg' : 'sm'
  const length = noteLength(draft)

  return (
    <Stack gap="3" as="section" aria-labelledby={`notes-${leadId}`}>
      <Heading as="h3" size="sm" id={`notes-${leadId}`}>
        {notesTexts.title}
      </Heading>
      <Textarea aria-label={notesTexts.newNote} value={draft} rows={3} size={size} onChange={(event) => notes.send({ type: 'draft.change', text: event.target.value })} />
      <HStack justify="space-between">
        <Text fontSize="sm" color={length > noteMaxLength ? 'fg.error' : 'fg.muted'} aria-live="polite">
          {count(length)} / {count(noteMaxLength)}
        </Text>
        <Button size={size} disabled={!noteFits(draft) || busy} loading={snapshot.matches({ writing: 'adding' })} onClick={() => notes.send({ type: 'note.add' })}>
          {notesTexts.add}
        </Button>
      </HStack>
      {snapshot.matches({ list: 'failed' }) && (
        <HStack>
          <Text color="fg.error">{notesTexts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => notes.send({ type: 'notes.retry' })}>
            {notesTexts.retry}
          </Button>
        </HStack>
      )}
      {snapshot.matches({ list: 'shown' }) && snapshot.context.notes.length === 0 && <Text color="fg.muted">{notesTexts.empty}</Text>}
      <Stack as="ul" gap="3" listStyleType="none" data-testid="notes">
        {snapshot.context.notes.map((note) => (
          <Stack as="li" key={note.id} gap="1" borderWidth="1px" rounded="md" p="3" data-testid="note">
            <Text fontSize="sm" color="fg.muted">
              {note.author_name} · {formatDateTime(note.created_at)}
              {note.updated_at !== note.created_at && ' · edited'}
            </Text>
            {editing?.id === note.id ? (
              <>
                <Textarea aria-label={`Edit note`} value={editing.text} size={size} onChange={(event) => notes.send({ type: 'edit.change', text: event.target.value })} />
                <HStack>
                  <Button size={size} disabled={!noteFits(editing.text) || busy} onClick={() => notes.send({ type: 'edit.save' })}>
                    {notesTexts.save}
                  </Button>
                  <Button size={size} variant="outline" onClick={() => notes.send({ type: 'edit.cancel' })}>
                    {notesTexts.cancel}
                  </Button>
                </HStack>
              </>
            ) : (
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {note.body}
              </Text>
            )}
            {noteEditable(note, viewer.id, now) && editing?.id !== note.id && (
              <HStack>
                <Button size={size} variant="outline" disabled={busy} onClick={() => notes.send({ type: 'note.edit', id: note.id })}>
                  {notesTexts.edit}
                </Button>
                <Button size={size} variant="outline" colorPalette="red" disabled={busy} onClick={() => notes.send({ type: 'note.delete', id: note.id })}>
                  {notesTexts.delete}
                </Button>
              </HStack>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  )
}
