import type { CheckedFlow } from '../flow/flow.schema'
import type { SchedulerCardTexts } from '../flow/flow-texts.schema'
import { flowText, update } from './context-updates'
import type { AnyIntakeEvent, InputPanel, IntakeContext } from './intake-types'

type SchedulerPanel = Extract<InputPanel, { kind: 'scheduler' }>

/** The card's texts with what the chat knows now: the visitor's answers and, once booked, the slot. */
export function schedulerCardTexts(flow: CheckedFlow, context: IntakeContext): SchedulerPanel['texts'] {
  const card = flow.scheduler?.card ?? ({} as SchedulerCardTexts)
  return Object.fromEntries(Object.entries(card).map(([key, text]) => [key, flowText(flow, text, context)])) as SchedulerPanel['texts']
}

/** Shows the scheduler card, ready for a slot to be picked. */
export function openScheduler(flow: CheckedFlow) {
  return update((context) => ({
    panel: { kind: 'scheduler', status: 'picking', texts: schedulerCardTexts(flow, context), refusal: null, refusals: 0 },
  }))
}

/** Changes the open scheduler card; does nothing when another panel shows. */
export function updateScheduler(patch: (panel: SchedulerPanel, context: IntakeContext, event: AnyIntakeEvent) => Partial<SchedulerPanel>) {
  return update((context, event) =>
    context.panel.kind === 'scheduler' ? { panel: { ...context.panel, ...patch(context.panel, context, event) } } : {},
  )
}
