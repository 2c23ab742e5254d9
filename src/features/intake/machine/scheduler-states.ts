import type { CheckedFlow } from '../flow/flow.schema'
import { bookingRefusals } from './booking-refusals'
import { closePanel, template, update } from './context-updates'
import { flowActions } from './flow-actions'
import type { AnyIntakeEvent } from './intake-types'
import { schedulerCardTexts, updateScheduler } from './scheduler-panel'
import { doBeats, sayBeat, sequenceState } from './sequence'
import type { StateConfig, Timing, TransitionConfig } from './state-config'

const picking = updateScheduler(() => ({ status: 'picking' }))

/**
 * The scheduler card of a keep_open step: the visitor picks a slot (`scheduler.book`), the
 * `bookAppointment` actor books it, then the chat confirms. A failed booking is only logged (by the
 * actor) and the card lets the visitor pick again; a refusal the card explains (a slot someone else
 * took meanwhile, a lead already booked, a date too far ahead) says so.
 */
export function schedulerStates(
  flow: CheckedFlow,
  stepId: string,
  choices: TransitionConfig[],
  timing: Timing,
): Record<string, StateConfig> {
  const scheduler = flow.scheduler
  if (!scheduler) return {}
  const slotOf = (event: unknown) => event as Extract<AnyIntakeEvent, { type: 'scheduler.book' }>
  return {
    scheduling: {
      on: {
        'option.choose': choices.map((choice) => ({ ...choice, actions: [closePanel, ...(choice.actions ?? [])] })),
        'scheduler.book': { guard: 'validSlot', target: 'booking', actions: [updateScheduler(() => ({ status: 'booking', refusal: null }))] },
        'scheduler.close': { target: 'waiting', actions: [closePanel] },
      },
    },
    booking: timing.invoked(
      'bookAppointment',
      ({ context, event }) => ({ leadId: context.leadId, date: slotOf(event).date, time: slotOf(event).time }),
      {
        onDone: {
          target: 'booked',
          actions: [
            update((context, event) => {
              if (event.type !== 'xstate.done.actor.bookAppointment' || context.panel.kind !== 'scheduler') return {}
              const booked = { ...context, booking: event.output }
              return { booking: event.output, panel: { ...context.panel, status: 'booked', texts: schedulerCardTexts(flow, booked) } }
            }),
          ],
        },
        onError: [
          ...bookingRefusals.map((refusal) => ({
            guard: { type: 'bookingRefused', params: { refusal } },
            target: 'scheduling',
            actions: [updateScheduler((panel) => ({ status: 'picking', refusal, refusals: panel.refusals + 1 }))],
          })),
          { target: 'scheduling', actions: [picking] },
        ],
        onResume: { target: 'scheduling', actions: [picking] },
      },
    ),
    booked: sequenceState(
      [sayBeat(scheduler.confirmation, template(flow), { stepId }), ...doBeats(scheduler.do, flowActions(flow))],
      { target: 'waiting', actions: [closePanel] },
      timing,
      flow,
    ),
  }
}
