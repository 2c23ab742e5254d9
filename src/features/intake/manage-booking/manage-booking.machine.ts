import { assign, fromPromise, setup } from 'xstate'
import type { ManagedBooking } from '@/features/scheduling/api/manage-booking-api'
import { errorCode, errorCodes } from '@/lib/api-error'
import type { ChatLanguage } from '../flow/chat-language'
import { bookingRefusalCodes, type BookingRefusal } from '../machine/booking-refusals'

/** The booking as the page shows it, in the language of its texts. */
export interface LoadedBooking {
  booking: ManagedBooking
  language: ChatLanguage
}

export interface ManageBookingInput {
  token: string
  /** The language `?lang=` asks for, if any: it wins over the booking's own. */
  requestedLanguage: string | null
}

/** Why a new slot was refused: a refusal the scheduler card explains, or a failure to reach the business. */
export type RescheduleRefusal = Exclude<BookingRefusal, 'already_booked'> | 'failed'

type ManageBookingEvent =
  | { type: 'reschedule.open' }
  | { type: 'reschedule.pick'; slot: string }
  | { type: 'cancel.ask' }
  | { type: 'cancel.confirm' }
  | { type: 'back' }
  | { type: 'retry' }

interface ManageBookingContext extends ManageBookingInput {
  loaded: LoadedBooking | null
  /** The language `?lang=` asked for, loaded for a link that names no booking. */
  requested: ChatLanguage | null
  /** The appointment lies within the cut-off (as loaded, or as the database answered a change). */
  tooLate: boolean
  /** The booking was just moved: the page says so. */
  rescheduled: boolean
  refusal: RescheduleRefusal | null
  /** How many picks were refused: each makes the scheduler reload its slots. */
  refusals: number
  /** The last cancel could not reach the business. */
  cancelFailed: boolean
}

const slotRefusals = Object.entries(bookingRefusalCodes).filter(([refusal]) => refusal !== 'already_booked') as [RescheduleRefusal, string][]

/** The scheduler card's refusal for a database code, 'failed' for anything else. */
function rescheduleRefusalOf(error: unknown): RescheduleRefusal {
  const code = errorCode(error)
  return slotRefusals.find(([, refusalCode]) => refusalCode === code)?.[0] ?? 'failed'
}

const failedWith = (code: string) => ({ event }: { event: { error: unknown } }) => errorCode(event.error) === code

/**
 * The visitor's own page for a booking: loads it by the link's token, then offers to reschedule (the
 * scheduler, refusals explained) or cancel (after a question), unless the appointment is within the
 * cut-off, when the page says to call. Any bad or expired token ends in 'link not valid', in the
 * language `?lang=` asks for, if any.
 */
export const manageBookingMachine = setup({
  types: {
    context: {} as ManageBookingContext,
    input: {} as ManageBookingInput,
    events: {} as ManageBookingEvent,
  },
  actors: {
    loadBooking: fromPromise<LoadedBooking, ManageBookingInput>(async () => {
      throw new Error('loadBooking is provided by the page')
    }),
    rescheduleBooking: fromPromise<ManagedBooking, { token: string; slot: string }>(async () => {
      throw new Error('rescheduleBooking is provided by the page')
    }),
    cancelBooking: fromPromise<ManagedBooking, { token: string }>(async () => {
      throw new Error('cancelBooking is provided by the page')
    }),
    loadRequestedLanguage: fromPromise<ChatLanguage, string>(async () => {
      throw new Error('loadRequestedLanguage is provided by the page')
    }),
  },
  guards: {
    canChange: ({ context }) => !context.tooLate,
  },
}).createMachine({
  id: 'manageBooking',
  context: ({ input }) => ({ ...input, loaded: null, requested: null, tooLate: false, rescheduled: false, refusal: null, refusals: 0, cancelFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBooking',
        input: ({ context }) => ({ token: context.token, requestedLanguage: context.requestedLanguage }),
        onDone: {
          target: 'showing',
          actions: assign({ loaded: ({ event }) => event.output, tooLate: ({ event }) => !event.output.booking.can_change }),
        },
        onError: [{ guard: failedWith(errorCodes.linkNotValid), target: 'notValid' }, { target: 'failed' }],
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    showing: {
      on: {
        'reschedule.open': { guard: 'canChange', target: 'picking', actions: assign({ rescheduled: false, refusal: null }) },
        'cancel.ask': { guard: 'canChange', target: 'askingCancel', actions: assign({ rescheduled: false, cancelFailed: false }) },
      },
    },
    picking: {
      on: {
        'reschedule.pick': 'rescheduling',
        back: 'showing',
      },
    },
    rescheduling: {
      invoke: {
        src: 'rescheduleBooking',
        input: ({ context, event }) => ({ token: context.token, slot: event.type === 'reschedule.pick' ? event.slot : '' }),
        onDone: {
          target: 'showing',
          actions: assign({
            loaded: ({ context, event }) => context.loaded && { ...context.loaded, booking: event.output },
            tooLate: ({ event }) => !event.output.can_change,
            rescheduled: true,
          }),
        },
        onError: [
          { guard: failedWith(errorCodes.linkNotValid), target: 'notValid' },
          { guard: failedWith(errorCodes.tooLateToChange), target: 'showing', actions: assign({ tooLate: true }) },
          {
            target: 'picking',
            actions: assign({ refusal: ({ event }) => rescheduleRefusalOf(event.error), refusals: ({ context }) => context.refusals + 1 }),
          },
        ],
      },
    },
    askingCancel: {
      on: {
        'cancel.confirm': { target: 'cancelling', actions: assign({ cancelFailed: false }) },
        back: 'showing',
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelBooking',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'cancelled',
        onError: [
          { guard: failedWith(errorCodes.alreadyCancelled), target: 'cancelled' },
          { guard: failedWith(errorCodes.linkNotValid), target: 'notValid' },
          { guard: failedWith(errorCodes.tooLateToChange), target: 'showing', actions: assign({ tooLate: true }) },
          { target: 'askingCancel', actions: assign({ cancelFailed: true }) },
        ],
      },
    },
    cancelled: { type: 'final' },
    notValid: {
      invoke: {
        src: 'loadRequestedLanguage',
        input: ({ context }) => context.requestedLanguage ?? '',
        onDone: { actions: assign({ requested: ({ event }) => event.output }) },
      },
    },
  },
})
