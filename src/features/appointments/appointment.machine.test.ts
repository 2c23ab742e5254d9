import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { invokesAsEvents } from '@/testing/machine-test-variant'
import type { Appointment, AppointmentStatus } from './appointment.schema'
import {
  appointmentMachine,
  type AppointmentReschedule,
  type AppointmentStatusUpdate,
  type QuickActionStatus,
} from './appointment.machine'

const appointmentId = 'appt-3'
const quickActions: QuickActionStatus[] = ['confirmed', 'completed', 'cancelled', 'no-show']
const stateNames = ['idle', 'updatingStatus', 'picking', 'rescheduling', 'done']
const slotTaken = new Error('That time slot is already booked. Please pick another slot.')

function appointment(status: AppointmentStatus): Appointment {
  return { id: appointmentId, lead_id: 'lead-1', slot_datetime: '2026-12-02T09:30:00.000Z', status, updated_at: null }
}

const model = createTestModel(invokesAsEvents(appointmentMachine), {
  input: { appointmentId },
  events: [
    ...quickActions.map((status) => ({ type: 'appointment.setStatus' as const, status })),
    { type: 'reschedule.open' },
    { type: 'reschedule.close' },
    { type: 'reschedule.pick', date: '2026-12-02', time: '15:00' },
    { type: 'xstate.done.actor.updateStatus', output: appointment('confirmed') },
    { type: 'xstate.error.actor.updateStatus', error: new Error('network down') },
    { type: 'xstate.done.actor.reschedule', output: appointment('scheduled') },
    { type: 'xstate.error.actor.reschedule', error: slotTaken },
  ] as never,
  // A vertex is a state value plus the event that led there, so shortest paths cover every transition.
  serializeState: (snapshot, event) => `${JSON.stringify(snapshot.value)} via ${JSON.stringify(event ?? null)}`,
})

interface Deferred {
  resolve: (value: Appointment) => void
  reject: (error: unknown) => void
}

/** The shipped machine with a backend whose answers the test releases one by one. */
function startShippedMachine() {
  const statusRequests: AppointmentStatusUpdate[] = []
  const rescheduleRequests: AppointmentReschedule[] = []
  const effects: string[] = []
  let answer: Deferred | undefined
  const pending = (resolve: Deferred['resolve'], reject: Deferred['reject']) => (answer = { resolve, reject })
  const actor = createActor(
    appointmentMachine.provide({
      actors: {
        updateAppointmentStatus: fromPromise<Appointment, AppointmentStatusUpdate>(({ input }) => {
          statusRequests.push(input)
          return new Promise(pending)
        }),
        rescheduleAppointment: fromPromise<Appointment, AppointmentReschedule>(({ input }) => {
          rescheduleRequests.push(input)
          return new Promise(pending)
        }),
      },
      actions: {
        notifyStatusUpdated: (_, status) => effects.push(`toast: Appointment ${status}`),
        notifyStatusFailed: () => effects.push('toast: Failed to update appointment'),
        notifyRescheduled: () => effects.push('toast: Appointment rescheduled successfully'),
        notifyRescheduleFailed: (_, error) => effects.push(`toast: Failed to reschedule appointment: ${String(error)}`),
        reloadAppointments: () => effects.push('reload'),
        closeDialog: () => effects.push('close'),
      },
    }),
    { input: { appointmentId } },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, statusRequests, rescheduleRequests, effects, answer: () => answer, settle }
}

const retryAfterTakenSlot = [
  { type: 'reschedule.open' },
  { type: 'reschedule.pick', date: '2026-12-02', time: '15:00' },
  { type: 'xstate.error.actor.reschedule', error: slotTaken },
  { type: 'reschedule.pick', date: '2026-12-02', time: '16:00' },
  { type: 'xstate.done.actor.reschedule', output: appointment('scheduled') },
] as never[]

describe('appointment machine', () => {
  const paths = [...model.getShortestPaths(), ...model.getPathsFromEvents(retryAfterTakenSlot, {})]

  it('covers quick actions and rescheduling, with success and failure', () => {
    const routes = paths.map((path) => path.steps.map((step) => String(step.state.value)).join(' > '))
    expect(routes).toContain('idle > updatingStatus > done')
    expect(routes).toContain('idle > picking > rescheduling > done')
    expect(routes.some((route) => route.includes('updatingStatus > idle'))).toBe(true)
    expect(routes.some((route) => route.includes('rescheduling > picking'))).toBe(true)
    expect(routes.some((route) => route.includes('rescheduling > picking > rescheduling > done'))).toBe(true)
    expect(routes.some((route) => route.includes('picking > idle'))).toBe(true)
  })

  paths.forEach((path) => {
    const route = path.steps.map((step) => `${step.event.type} → ${String(step.state.value)}`).join(', ')
    it(route, async () => {
      const sut = startShippedMachine()
      const expected = {
        status: null as QuickActionStatus | null,
        slot: null as { date: string; time: string } | null,
        effects: [] as string[],
        statusRequests: 0,
        rescheduleRequests: 0,
      }
      const answer = async (outcome: 'resolve' | 'reject', value: Appointment | Error, effects: string[]) => {
        const deferred = sut.answer()
        if (outcome === 'resolve') deferred?.resolve(value as Appointment)
        else deferred?.reject(value)
        await sut.settle()
        expected.effects.push(...effects)
      }
      const executors: Record<string, (step: { event: EventObject }) => unknown> = {
        'appointment.setStatus': ({ event }) => {
          const action = event as { type: 'appointment.setStatus'; status: QuickActionStatus }
          expected.status = action.status
          expected.statusRequests += 1
          sut.actor.send(action)
        },
        'reschedule.open': ({ event }) => sut.actor.send(event as { type: 'reschedule.open' }),
        'reschedule.close': ({ event }) => sut.actor.send(event as { type: 'reschedule.close' }),
        'reschedule.pick': ({ event }) => {
          const pick = event as { type: 'reschedule.pick'; date: string; time: string }
          expected.slot = { date: pick.date, time: pick.time }
          expected.rescheduleRequests += 1
          sut.actor.send(pick)
        },
        'xstate.done.actor.updateStatus': () =>
          answer('resolve', appointment(expected.status ?? 'confirmed'), [
            `toast: Appointment ${expected.status}`,
            'reload',
            'close',
          ]),
        'xstate.error.actor.updateStatus': () =>
          answer('reject', new Error('network down'), ['toast: Failed to update appointment']),
        'xstate.done.actor.reschedule': () =>
          answer('resolve', appointment('scheduled'), ['toast: Appointment rescheduled successfully', 'reload', 'close']),
        'xstate.error.actor.reschedule': () =>
          answer('reject', slotTaken, [`toast: Failed to reschedule appointment: ${String(slotTaken)}`, 'reload']),
      }
      await model.testPath(path, {
        events: executors,
        states: Object.fromEntries(
          stateNames.map((state) => [
            state,
            () => {
              const actual = sut.actor.getSnapshot()
              expect(actual.value).toBe(state)
              expect(actual.context).toEqual({ appointmentId, status: expected.status, slot: expected.slot })
              expect(sut.effects).toEqual(expected.effects)
              expect(sut.statusRequests).toHaveLength(expected.statusRequests)
              expect(sut.rescheduleRequests).toHaveLength(expected.rescheduleRequests)
              expect(sut.statusRequests.at(-1)?.status).toBe(expected.status ?? undefined)
              expect(sut.rescheduleRequests.at(-1)).toEqual(expected.slot ? { appointmentId, ...expected.slot } : undefined)
            },
          ]),
        ),
      })
    })
  })
})
