import { assign, fromPromise, setup } from 'xstate'
import { errorCode } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import { privacyErrorCodes, type ErasureOutcome } from './api/erasure-api'

/** Whom to erase: a phone, from a lead's details or from an open erasure or withdrawal request. */
export interface ErasureTarget {
  phone: string
  /** The request the erasure carries out, if any: it is then done. */
  requestId: string | null
}

interface ErasePersonContext {
  target: ErasureTarget
  /** How many leads hold the phone; null until counted (or when counting failed). */
  leadCount: number | null
  /** Whether the admin confirmed again, once told the person has a booking today. */
  bookingTodayConfirmed: boolean
  outcome: ErasureOutcome | null
  /** The refusal's message, shown until the admin tries again. */
  failure: string | null
}

/**
 * Erasing a person: the phone's leads are counted, the admin confirms; a booking today makes the
 * database ask again (409), and a second confirmation goes on; then the counts of what went. Once
 * the erasure is asked for it cannot be cancelled: its answer is always shown.
 */
export const erasePersonMachine = setup({
  types: {
    context: {} as ErasePersonContext,
    input: {} as ErasureTarget,
    events: {} as { type: 'erase.confirm' } | { type: 'erase.cancel' } | { type: 'erase.close' },
  },
  actors: {
    countLeads: fromPromise<number, string>(async () => {
      throw new Error('countLeads is provided by the dialog')
    }),
    erase: fromPromise<ErasureOutcome, { target: ErasureTarget; confirmBookingToday: boolean }>(async () => {
      throw new Error('erase is provided by the dialog')
    }),
  },
  actions: {
    notifyErased: providedLater<ErasureOutcome>(),
    notifyFailed: providedLater<unknown>(),
  },
  guards: {
    bookingToday: (_, error: unknown) => errorCode(error) === privacyErrorCodes.bookingTodayNeedsConfirmation,
  },
}).createMachine({
  id: 'erasePerson',
  context: ({ input }) => ({ target: input, leadCount: null, bookingTodayConfirmed: false, outcome: null, failure: null }),
  initial: 'counting',
  states: {
    counting: {
      invoke: {
        src: 'countLeads',
        input: ({ context }) => context.target.phone,
        onDone: { target: 'asking', actions: assign({ leadCount: ({ event }) => event.output }) },
        onError: 'asking',
      },
      on: { 'erase.cancel': 'cancelled' },
    },
    asking: { on: { 'erase.confirm': 'erasing', 'erase.cancel': 'cancelled' } },
    askingBookingToday: {
      on: { 'erase.confirm': { target: 'erasing', actions: assign({ bookingTodayConfirmed: true }) }, 'erase.cancel': 'cancelled' },
    },
    erasing: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'erase',
        input: ({ context }) => ({ target: context.target, confirmBookingToday: context.bookingTodayConfirmed }),
        onDone: {
          target: 'done',
          actions: [assign({ outcome: ({ event }) => event.output }), { type: 'notifyErased', params: ({ event }) => event.output }],
        },
        onError: [
          { guard: { type: 'bookingToday', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'askingBookingToday' },
          {
            target: 'asking',
            actions: [
              assign({ failure: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
              { type: 'notifyFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
            ],
          },
        ],
      },
    },
    done: { on: { 'erase.close': 'closed' } },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
})
