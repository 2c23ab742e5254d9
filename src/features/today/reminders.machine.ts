import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { ReminderDue } from './reminder.schema'

export type RemindersEvent =
  | { type: 'reminders.refresh' }
  | { type: 'reminders.retry' }
  /** The member opened WhatsApp with the reminder: it is recorded as sent. */
  | { type: 'reminder.sent'; appointmentId: string }

interface RemindersContext {
  reminders: ReminderDue[]
  /** Reminders sent and not yet recorded, first on its way: they leave the list at once. */
  pending: string[]
}

/**
 * The Today tab's reminders: the appointments of the next 24 hours not yet reminded, read again when
 * something changes elsewhere. Each reminder sent is recorded in turn (a second one sent meanwhile
 * waits for the first); the list is read again once all are recorded, so a failed one comes back.
 */
export const remindersMachine = setup({
  types: {
    context: {} as RemindersContext,
    events: {} as RemindersEvent,
  },
  actors: {
    fetchReminders: fromPromise<ReminderDue[]>(async () => {
      throw new Error('fetchReminders is provided by the list')
    }),
    markReminded: fromPromise<unknown, string>(async () => {
      throw new Error('markReminded is provided by the list')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyMarkFailed: providedLater<unknown>(),
    notifyMarked: providedLater<ReminderDue | undefined>(),
    forgetFirstPending: assign({ pending: ({ context }) => context.pending.slice(1) }),
    remember: assign({
      pending: ({ context, event }) =>
        event.type === 'reminder.sent' && !context.pending.includes(event.appointmentId) ? [...context.pending, event.appointmentId] : context.pending,
    }),
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
  },
}).createMachine({
  id: 'reminders',
  context: { reminders: [], pending: [] },
  initial: 'loading',
  on: { 'reminder.sent': { actions: 'remember' } },
  states: {
    loading: {
      on: { 'reminders.refresh': { target: 'loading', reenter: true } },
      invoke: {
        src: 'fetchReminders',
        onDone: [
          { guard: 'hasPending', target: 'recording', actions: assign({ reminders: ({ event }) => event.output }) },
          { target: 'shown', actions: assign({ reminders: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {
      on: {
        'reminders.refresh': 'loading',
        'reminder.sent': { target: 'recording', actions: 'remember' },
      },
    },
    recording: {
      invoke: {
        src: 'markReminded',
        input: ({ context }) => context.pending[0]!,
        onDone: {
          target: 'recorded',
          actions: [{ type: 'notifyMarked', params: ({ context }) => context.reminders.find((reminder) => reminder.appointment_id === context.pending[0]) }, 'forgetFirstPending'],
        },
        onError: { target: 'recorded', actions: [{ type: 'notifyMarkFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, 'forgetFirstPending'] },
      },
    },
    recorded: { always: [{ guard: 'hasPending', target: 'recording' }, { target: 'loading' }] },
    failed: { on: { 'reminders.retry': 'loading', 'reminders.refresh': 'loading' } },
  },
})

/** The reminders the list shows: those due, less those sent and still being recorded. */
export const shownReminders = ({ context }: { context: RemindersContext }) => context.reminders.filter((reminder) => !context.pending.includes(reminder.appointment_id))
