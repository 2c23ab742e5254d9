import { assign, fromPromise, raise, setup } from 'xstate'
import { errorCode, errorCodes } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import type { RowChangeOf } from '@/lib/row-change'
import { dueInstant, dueParts, followUpTextFits, withFollowUp, type DueParts } from './follow-up-rules'
import type { FollowUp } from './follow-up.schema'

/** A write of the follow-ups section; a due time in the past is sent again with allowPast once confirmed. */
export type FollowUpWrite =
  | { kind: 'add'; leadId: string; text: string; dueAt: string; allowPast: boolean }
  | { kind: 'done'; id: string }
  | { kind: 'reschedule'; id: string; dueAt: string; allowPast: boolean }

type FormField = keyof DueParts | 'text'

type FollowUpsEvent =
  | { type: 'followUps.retry' }
  | { type: 'form.change'; field: FormField; value: string }
  | { type: 'followUp.add' }
  | { type: 'followUp.done'; id: string }
  | { type: 'reschedule.start'; id: string }
  | { type: 'reschedule.change'; field: keyof DueParts; value: string }
  | { type: 'reschedule.save' }
  | { type: 'reschedule.cancel' }
  | { type: 'past.confirm' }
  | { type: 'past.cancel' }
  | RowChangeOf<'follow_ups', FollowUp>
  /** A write went through: the list is read again (the database orders and words what it stored). */
  | { type: 'followUps.written' }

interface FollowUpsContext {
  leadId: string
  followUps: FollowUp[]
  /** The Add follow-up form. */
  form: DueParts & { text: string }
  /** The follow-up being given a new due time, and that time. */
  rescheduling: ({ id: string } & DueParts) | null
  /** The write on its way, or waiting for the member to confirm a time in the past. */
  write: FollowUpWrite | null
}

const emptyForm = { date: '', time: '', text: '' }

/**
 * A lead's follow-ups in its details dialog: read (open ones first), kept current by the member's
 * writes and the changes made elsewhere; add, mark done, reschedule. A due time already past is
 * refused by the database (follow_up_in_past) until the member confirms it as overdue.
 */
export const followUpsMachine = setup({
  types: {
    input: {} as { leadId: string },
    context: {} as FollowUpsContext,
    events: {} as FollowUpsEvent,
  },
  actors: {
    fetchFollowUps: fromPromise<FollowUp[], string>(async () => {
      throw new Error('fetchFollowUps is provided by the component')
    }),
    writeFollowUp: fromPromise<void, FollowUpWrite>(async () => {
      throw new Error('writeFollowUp is provided by the component')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyWriteFailed: providedLater<unknown>(),
    notifyWritten: providedLater<FollowUpWrite>(),
    allowPast: assign(({ context }) => ({ write: context.write && context.write.kind !== 'done' ? { ...context.write, allowPast: true } : context.write })),
    raiseWritten: raise({ type: 'followUps.written' }),
    finishWrite: assign(({ context }) => ({
      form: context.write?.kind === 'add' ? emptyForm : context.form,
      rescheduling: context.write?.kind === 'reschedule' ? null : context.rescheduling,
      write: null,
    })),
  },
  guards: {
    formComplete: ({ context }) => followUpTextFits(context.form.text) && dueInstant(context.form) !== null,
    rescheduleComplete: ({ context }) => context.rescheduling !== null && dueInstant(context.rescheduling) !== null,
    inPast: (_, error: unknown) => errorCode(error) === errorCodes.followUpInPast,
    ofThisLead: ({ context, event }) => (event.type === 'row.added' || event.type === 'row.changed') && event.row.lead_id === context.leadId,
  },
}).createMachine({
  id: 'followUps',
  type: 'parallel',
  context: ({ input }) => ({ leadId: input.leadId, followUps: [], form: emptyForm, rescheduling: null, write: null }),
  on: {
    'form.change': { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
    'row.*': {
      guard: 'ofThisLead',
      actions: assign({ followUps: ({ context, event }) => withFollowUp(context.followUps, (event as RowChangeOf<'follow_ups', FollowUp>).row) }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetch',
            src: 'fetchFollowUps',
            input: ({ context }) => context.leadId,
            onDone: { target: 'shown', actions: assign({ followUps: ({ event }) => event.output.reduce(withFollowUp, [] as FollowUp[]) }) },
            onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: { on: { 'followUps.written': 'loading' } },
        failed: { on: { 'followUps.retry': 'loading' } },
      },
    },
    writing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'followUp.add': {
              guard: 'formComplete',
              target: 'sending',
              actions: assign({
                write: ({ context }) => ({ kind: 'add', leadId: context.leadId, text: context.form.text, dueAt: dueInstant(context.form)!, allowPast: false }),
              }),
            },
            'followUp.done': { target: 'sending', actions: assign({ write: ({ event }) => ({ kind: 'done', id: event.id }) }) },
            'reschedule.start': {
              actions: assign({
                rescheduling: ({ context, event }) => {
                  const followUp = context.followUps.find((shown) => shown.id === event.id)
                  return { id: event.id, ...(followUp ? dueParts(followUp.due_at) : { date: '', time: '' }) }
                },
              }),
            },
            'reschedule.change': {
              actions: assign({ rescheduling: ({ context, event }) => context.rescheduling && { ...context.rescheduling, [event.field]: event.value } }),
            },
            'reschedule.cancel': { actions: assign({ rescheduling: null }) },
            'reschedule.save': {
              guard: 'rescheduleComplete',
              target: 'sending',
              actions: assign({
                write: ({ context }) => ({ kind: 'reschedule', id: context.rescheduling!.id, dueAt: dueInstant(context.rescheduling!)!, allowPast: false }),
              }),
            },
          },
        },
        sending: {
          invoke: {
            id: 'write',
            src: 'writeFollowUp',
            input: ({ context }) => context.write!,
            onDone: {
              target: 'idle',
              actions: [{ type: 'notifyWritten', params: ({ context }) => context.write! }, 'finishWrite', 'raiseWritten'],
            },
            onError: [
              { guard: { type: 'inPast', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'confirmingPast' },
              { target: 'idle', actions: [{ type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, assign({ write: null })] },
            ],
          },
        },
        /** The due time has passed: add it as overdue, or go back and change it. */
        confirmingPast: {
          on: {
            'past.confirm': { target: 'sending', actions: 'allowPast' },
            'past.cancel': { target: 'idle', actions: assign({ write: null }) },
          },
        },
      },
    },
  },
})
