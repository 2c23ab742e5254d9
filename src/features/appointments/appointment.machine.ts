import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { Appointment, AppointmentStatus } from './appointment.schema'

export type QuickActionStatus = Exclude<AppointmentStatus, 'scheduled'>

export interface AppointmentStatusUpdate {
  appointmentId: string
  status: QuickActionStatus
}

export interface AppointmentReschedule {
  appointmentId: string
  /** IST calendar date, YYYY-MM-DD. */
  date: string
  /** IST wall-clock time, 'HH:MM'. */
  time: string
}

type AppointmentEvent =
  | { type: 'appointment.setStatus'; status: QuickActionStatus }
  | { type: 'reschedule.open' }
  | { type: 'reschedule.close' }
  | { type: 'reschedule.pick'; date: string; time: string }

/**
 * The Manage Appointment dialog: quick actions set a status; the reschedule section reveals the
 * slot scheduler and a picked slot moves the appointment. Success reloads and closes the dialog;
 * failure toasts and lets the admin try again.
 */
export const appointmentMachine = setup({
  types: {
    context: {} as { appointmentId: string; status: QuickActionStatus | null; slot: { date: string; time: string } | null },
    input: {} as { appointmentId: string },
    events: {} as AppointmentEvent,
  },
  actors: {
    updateAppointmentStatus: fromPromise<Appointment, AppointmentStatusUpdate>(async () => {
      throw new Error('updateAppointmentStatus is provided by the component')
    }),
    rescheduleAppointment: fromPromise<Appointment, AppointmentReschedule>(async () => {
      throw new Error('rescheduleAppointment is provided by the component')
    }),
  },
  actions: {
    notifyStatusUpdated: providedLater<AppointmentStatus>(),
    notifyStatusFailed: providedLater(),
    notifyRescheduled: providedLater(),
    notifyRescheduleFailed: providedLater<unknown>(),
    reloadAppointments: providedLater(),
    closeDialog: providedLater(),
  },
}).createMachine({
  id: 'appointment',
  context: ({ input }) => ({ appointmentId: input.appointmentId, status: null, slot: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'appointment.setStatus': {
          target: 'updatingStatus',
          actions: assign({ status: ({ event }) => event.status }),
        },
        'reschedule.open': 'picking',
      },
    },
    updatingStatus: {
      invoke: {
        id: 'updateStatus',
        src: 'updateAppointmentStatus',
        input: ({ context }) => ({ appointmentId: context.appointmentId, status: context.status ?? 'confirmed' }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'notifyStatusUpdated', params: ({ event }) => event.output.status },
            'reloadAppointments',
            'closeDialog',
          ],
        },
        onError: { target: 'idle', actions: 'notifyStatusFailed' },
      },
    },
    picking: {
      on: {
        'reschedule.close': 'idle',
        'appointment.setStatus': {
          target: 'updatingStatus',
          actions: assign({ status: ({ event }) => event.status }),
        },
        'reschedule.pick': {
          target: 'rescheduling',
          actions: assign({ slot: ({ event }) => ({ date: event.date, time: event.time }) }),
        },
      },
    },
    rescheduling: {
      invoke: {
        id: 'reschedule',
        src: 'rescheduleAppointment',
        input: ({ context }) => ({
          appointmentId: context.appointmentId,
          date: context.slot?.date ?? '',
          time: context.slot?.time ?? '',
        }),
        onDone: { target: 'done', actions: ['notifyRescheduled', 'reloadAppointments', 'closeDialog'] },
        onError: {
          target: 'picking',
          actions: [{ type: 'notifyRescheduleFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, 'reloadAppointments'],
        },
      },
    },
    done: { type: 'final' },
  },
})
