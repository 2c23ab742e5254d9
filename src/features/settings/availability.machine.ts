import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { BookingNeedingAttention, BookingNumbers, BookingSettings, BookingSlot } from './booking-settings.schema'

/** One change an admin saves in the Availability section; the database validates it. */
export type AvailabilityChange =
  | { kind: 'weekday'; weekday: number; open: boolean; slots: BookingSlot[] }
  | { kind: 'closure.add'; startsOn: string; endsOn: string; reason: string }
  | { kind: 'closure.remove'; id: string }
  | { kind: 'override.set'; onDate: string; slots: BookingSlot[]; reason: string }
  | { kind: 'override.remove'; onDate: string }
  | { kind: 'number'; name: keyof BookingNumbers; value: number }

/** Where the section shows the answer to a change: the weekday, the closure or override form or row, the number's field. */
export function changePlace(change: AvailabilityChange): string {
  switch (change.kind) {
    case 'weekday':
      return `weekday:${change.weekday}`
    case 'closure.add':
      return 'closure'
    case 'closure.remove':
      return `closure:${change.id}`
    case 'override.set':
      return 'override'
    case 'override.remove':
      return `override:${change.onDate}`
    case 'number':
      return `number:${change.name}`
  }
}

interface AvailabilityContext {
  settings: BookingSettings | null
  /** Active future bookings the settings no longer offer, read again after each change. */
  needingAttention: BookingNeedingAttention[]
  /** The change being saved. */
  pending: AvailabilityChange | null
  /** The database's refusal of the last change saved at each place, shown there until it saves. */
  refusals: Record<string, string>
}

export type AvailabilityEvent =
  | { type: 'availability.save'; change: AvailabilityChange }
  | { type: 'availability.retry' }
  /** A booking changed (moved, cancelled, booked): the bookings needing attention are read again. */
  | { type: 'availability.recheck' }

const refusalMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The Availability section: the settings read once, then each change saved and shown as the database answers it. */
export const availabilityMachine = setup({
  types: { context: {} as AvailabilityContext, events: {} as AvailabilityEvent },
  actors: {
    fetchBookingSettings: fromPromise<BookingSettings>(async () => {
      throw new Error('fetchBookingSettings is provided by the section')
    }),
    saveAvailability: fromPromise<BookingSettings, AvailabilityChange>(async () => {
      throw new Error('saveAvailability is provided by the section')
    }),
    fetchBookingsNeedingAttention: fromPromise<BookingNeedingAttention[]>(async () => {
      throw new Error('fetchBookingsNeedingAttention is provided by the section')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyCheckFailed: providedLater<unknown>(),
    notifySaved: providedLater<AvailabilityChange>(),
  },
}).createMachine({
  id: 'availability',
  context: { settings: null, needingAttention: [], pending: null, refusals: {} },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchBookingSettings',
        onDone: { target: 'checking', actions: assign({ settings: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    checking: {
      on: { 'availability.recheck': { target: 'checking', reenter: true } },
      invoke: {
        src: 'fetchBookingsNeedingAttention',
        onDone: { target: 'shown', actions: assign({ needingAttention: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: { type: 'notifyCheckFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {
      on: {
        'availability.save': { target: 'saving', actions: assign({ pending: ({ event }) => event.change }) },
        'availability.recheck': 'checking',
      },
    },
    saving: {
      invoke: {
        src: 'saveAvailability',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'checking',
          actions: [
            { type: 'notifySaved', params: ({ context }) => context.pending! },
            assign(({ context, event }) => {
              const place = changePlace(context.pending!)
              const refusals = Object.fromEntries(Object.entries(context.refusals).filter(([at]) => at !== place))
              return { settings: event.output, pending: null, refusals }
            }),
          ],
        },
        onError: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            pending: null,
            refusals: { ...context.refusals, [changePlace(context.pending!)]: refusalMessage(event.error) },
          })),
        },
      },
    },
    failed: { on: { 'availability.retry': 'loading' } },
  },
})
