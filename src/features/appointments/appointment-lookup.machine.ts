import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { AppointmentRow } from './appointment.schema'

/**
 * One appointment read by its id, to manage it from elsewhere in the dashboard (a booking the
 * settings list as needing attention): shown once read; gone when it cannot be read (moved out of
 * reach, failed), which says so and closes.
 */
export const appointmentLookupMachine = setup({
  types: {
    context: {} as { appointmentId: string; row: AppointmentRow | null },
    input: {} as { appointmentId: string },
  },
  actors: {
    fetchAppointmentRow: fromPromise<AppointmentRow | null, string>(async () => {
      throw new Error('fetchAppointmentRow is provided by the component')
    }),
  },
  actions: {
    notifyGone: providedLater<unknown>(),
    close: providedLater(),
  },
  guards: {
    found: (_, row: AppointmentRow | null) => row !== null,
  },
}).createMachine({
  id: 'appointmentLookup',
  context: ({ input }) => ({ appointmentId: input.appointmentId, row: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchAppointmentRow',
        input: ({ context }) => context.appointmentId,
        onDone: [
          { guard: { type: 'found', params: ({ event }) => event.output }, target: 'shown', actions: assign({ row: ({ event }) => event.output }) },
          { target: 'gone', actions: [{ type: 'notifyGone', params: () => null }, 'close'] },
        ],
        onError: { target: 'gone', actions: [{ type: 'notifyGone', params: ({ event }: { event: { error: unknown } }) => event.error }, 'close'] },
      },
    },
    shown: {},
    gone: { type: 'final' },
  },
})
