import { assign, fromPromise, setup } from 'xstate'
import type { RowChangeOf } from '@/lib/row-change'
import { providedLater } from '@/lib/provided-later'
import { noteFits, withNote } from './note-rules'
import type { LeadNote } from './note.schema'

type NotesEvent =
  | { type: 'notes.retry' }
  | { type: 'draft.change'; text: string }
  | { type: 'note.add' }
  | { type: 'note.edit'; id: string }
  | { type: 'edit.change'; text: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'note.delete'; id: string }
  | RowChangeOf<'lead_notes', LeadNote>

interface NotesContext {
  leadId: string
  notes: LeadNote[]
  /** The new note being written. */
  draft: string
  /** The note being edited and its new text. */
  editing: { id: string; text: string } | null
  /** The note being deleted. */
  deleting: string | null
}

/**
 * A lead's notes in its details dialog: read newest first, then kept current by the member's own
 * writes and the changes made elsewhere. One write at a time: add, edit or delete (the database
 * allows the last two to the author, in the note's first 15 minutes, and says note_locked after).
 * A failed write keeps the text, for another try.
 */
export const notesMachine = setup({
  types: {
    input: {} as { leadId: string },
    context: {} as NotesContext,
    events: {} as NotesEvent,
  },
  actors: {
    fetchNotes: fromPromise<LeadNote[], string>(async () => {
      throw new Error('fetchNotes is provided by the component')
    }),
    addNote: fromPromise<LeadNote, { leadId: string; body: string }>(async () => {
      throw new Error('addNote is provided by the component')
    }),
    editNote: fromPromise<LeadNote, { id: string; body: string }>(async () => {
      throw new Error('editNote is provided by the component')
    }),
    deleteNote: fromPromise<void, string>(async () => {
      throw new Error('deleteNote is provided by the component')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyWriteFailed: providedLater<unknown>(),
    /** A write went through: the lead's history has a new event. */
    notifyWritten: providedLater(),
    store: assign(({ context }, note: LeadNote) => ({ notes: withNote(context.notes, note) })),
  },
  guards: {
    draftFits: ({ context }) => noteFits(context.draft),
    editFits: ({ context }) => context.editing !== null && noteFits(context.editing.text),
    ofThisLead: ({ context, event }) => (event.type === 'row.added' || event.type === 'row.changed') && event.row.lead_id === context.leadId,
  },
}).createMachine({
  id: 'notes',
  type: 'parallel',
  context: ({ input }) => ({ leadId: input.leadId, notes: [], draft: '', editing: null, deleting: null }),
  on: {
    'draft.change': { actions: assign({ draft: ({ event }) => event.text }) },
    'row.*': { guard: 'ofThisLead', actions: { type: 'store', params: ({ event }) => (event as RowChangeOf<'lead_notes', LeadNote>).row } },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetch',
            src: 'fetchNotes',
            input: ({ context }) => context.leadId,
            onDone: { target: 'shown', actions: assign({ notes: ({ context, event }) => event.output.reduce(withNote, context.notes) }) },
            onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: {},
        failed: { on: { 'notes.retry': 'loading' } },
      },
    },
    writing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'note.add': { guard: 'draftFits', target: 'adding' },
            'note.edit': {
              actions: assign({
                editing: ({ context, event }) => ({ id: event.id, text: context.notes.find((note) => note.id === event.id)?.body ?? '' }),
              }),
            },
            'edit.change': { actions: assign({ editing: ({ context, event }) => context.editing && { ...context.editing, text: event.text } }) },
            'edit.cancel': { actions: assign({ editing: null }) },
            'edit.save': { guard: 'editFits', target: 'saving' },
            'note.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.id }) },
          },
        },
        adding: {
          invoke: {
            id: 'add',
            src: 'addNote',
            input: ({ context }) => ({ leadId: context.leadId, body: context.draft }),
            onDone: { target: 'idle', actions: [{ type: 'store', params: ({ event }) => event.output }, assign({ draft: '' }), 'notifyWritten'] },
            onError: { target: 'idle', actions: { type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        saving: {
          invoke: {
            id: 'edit',
            src: 'editNote',
            input: ({ context }) => ({ id: context.editing!.id, body: context.editing!.text }),
            onDone: { target: 'idle', actions: [{ type: 'store', params: ({ event }) => event.output }, assign({ editing: null }), 'notifyWritten'] },
            onError: { target: 'idle', actions: { type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        deleting: {
          invoke: {
            id: 'delete',
            src: 'deleteNote',
            input: ({ context }) => context.deleting!,
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  notes: ({ context }) => context.notes.filter((note) => note.id !== context.deleting),
                  editing: ({ context }) => (context.editing?.id === context.deleting ? null : context.editing),
                  deleting: null,
                }),
                'notifyWritten',
              ],
            },
            onError: { target: 'idle', actions: [{ type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, assign({ deleting: null })] },
          },
        },
      },
    },
  },
})
