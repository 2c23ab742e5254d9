import type { SnapshotFrom } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { CheckedFlow, FlowOption, FlowStep } from '@/features/intake/flow/flow.schema'
import type { IntakeMachine } from '@/features/intake/machine/compile-flow'
import type { AnyIntakeEvent, Booking } from '@/features/intake/machine/intake-types'
import { ApiError } from '@/lib/api-error'
import { optionParts } from './flow-reading'

export type IntakeSnapshot = SnapshotFrom<IntakeMachine>

/** The lead save error cases, as the lead api throws them. */
export const saveErrorCases = [
  new ApiError('23505', 'duplicate key value violates unique constraint "leads_pkey"'),
  new ApiError('23514', 'new row for relation "leads" violates check constraint "leads_phone_check"'),
  new ApiError('23502', 'null value in column "name" violates not-null constraint'),
  new ApiError('PGRST116', 'Cannot coerce the result to a single JSON object'),
  new ApiError('42501', 'new row violates row-level security policy for table "leads"'),
  new ApiError('XX000', 'internal error'),
]

/** A booking the appointment api refused: the slot filled or stopped being offered meanwhile, too soon, the lead holds one, the date is too far ahead, or anything else. */
export const bookingErrorCases = [
  new ApiError('slot_full', 'This time has just been booked. Choose another one.'),
  new ApiError('slot_not_offered', 'This time is not offered for bookings. Choose another one.'),
  new ApiError('booking_too_soon', 'This time is too soon to book. Choose a later one.'),
  new ApiError('lead_already_booked', 'This lead already has an active appointment. Change or cancel it instead of booking another.'),
  new ApiError('booking_too_far_ahead', 'A visitor may book at most 62 days ahead.'),
  new ApiError('XX000', 'internal error'),
]

export const validFormValues: Record<string, string> = {
  name: '  Priya Sharma ',
  phone: '9876543210',
  city: 'Jaipur',
  email: 'priya.sharma@example.in',
}

export const invalidFormValues: Record<string, string> = { name: 'P1', phone: '12345', city: 'X', email: 'not-an-email' }

export const uploadedPath = 'fedcba9876543210fedcba9876543210.jpg'
export const pickedSlot = { date: '2026-11-24', time: '11:00' }
export const booking: Booking = {
  date: 'Tuesday, 24 November 2026',
  time: '11:00 AM',
  day: '2026-11-24',
  slot: '2026-11-24T05:30:00.000Z',
  manageLink: 'https://kanak.example/booking#token',
  manageTokenHash: '0'.repeat(64),
}

export function stepIdOf(snapshot: IntakeSnapshot): string {
  const value = snapshot.value as string | Record<string, unknown>
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '')
}

function substateOf(snapshot: IntakeSnapshot): unknown {
  const value = snapshot.value as string | Record<string, unknown>
  return typeof value === 'string' ? undefined : value[stepIdOf(snapshot)]
}

const isSkip = (option: FlowOption) => typeof option !== 'string' && option.skip === true
const hasSkip = (step: FlowStep) => step.type === 'options' && step.options.some(isSkip)

/**
 * Whether the visitor answers or skips the optional steps on this path: decided at the first
 * step with a Skip option, then kept, so the optional steps cover both ways without multiplying.
 */
function skipMode(flow: CheckedFlow, snapshot: IntakeSnapshot): 'answer' | 'skip' | 'open' {
  const skippable = new Set(flow.steps.filter(hasSkip).map((step) => step.id))
  const decided = snapshot.context.transcript.find((m) => m.stepId && skippable.has(m.stepId) && m.selectedOption !== undefined)
  if (!decided) return 'open'
  const step = flow.steps.find((s) => s.id === decided.stepId)
  const option = step?.type === 'options' ? step.options.find((o) => optionParts(o).label === decided.selectedOption) : undefined
  return option && isSkip(option) ? 'skip' : 'answer'
}

/** One option per way it can go on (target, skip, replies, actions, a value a guard tests); Skip follows the path's skip mode. */
export function representativeOptions(flow: CheckedFlow, step: FlowStep & { type: 'options' }, snapshot: IntakeSnapshot): string[] {
  const mode = hasSkip(step) ? skipMode(flow, snapshot) : 'open'
  const guardValues = new Set(flow.steps.flatMap((s) => ('skip_if' in s && s.skip_if?.guard === 'answer_is' ? [s.skip_if.value] : [])))
  const seen = new Set<string>()
  const labels: string[] = []
  for (const option of step.options) {
    if ((mode === 'skip' && !isSkip(option)) || (mode === 'answer' && isSkip(option))) continue
    const { label, ...rest } = optionParts(option)
    const signature = JSON.stringify([rest, guardValues.has(label) ? label : ''])
    if (seen.has(signature)) continue
    seen.add(signature)
    labels.push(label)
  }
  return labels
}

/** The event cases the model may send in a state: every way on, with one value per way. */
export function eventCases(flow: CheckedFlow, snapshot: IntakeSnapshot): AnyIntakeEvent[] {
  const step = flow.steps.find((s) => s.id === stepIdOf(snapshot))
  const cases: AnyIntakeEvent[] = [{ type: 'delay.elapsed' }]
  if (!step) return cases
  const { uploadAttempts, saveAttempts } = snapshot.context
  if (step.type === 'options') {
    for (const label of representativeOptions(flow, step, snapshot)) cases.push({ type: 'option.choose', stepId: step.id, label })
  }
  if (step.type === 'form') {
    const pick = (values: Record<string, string>) => Object.fromEntries(step.fields.map((f) => [f.id, values[f.id] ?? '']))
    cases.push({ type: 'form.submit', stepId: step.id, values: pick(validFormValues) })
    cases.push({ type: 'form.submit', stepId: step.id, values: pick(invalidFormValues) })
  }
  if (step.type === 'upload') {
    cases.push({ type: 'upload.submit', file: new Blob(['reference image'], { type: 'image/jpeg' }) })
    cases.push({ type: 'xstate.done.actor.uploadReferenceImage', output: { path: uploadedPath } })
    if (uploadAttempts < 2) cases.push({ type: 'xstate.error.actor.uploadReferenceImage', error: new Error('Network error') })
  }
  if (step.type === 'save') {
    cases.push({ type: 'xstate.done.actor.saveLead', output: undefined })
    if (saveAttempts < 2) for (const error of saveErrorCases) cases.push({ type: 'xstate.error.actor.saveLead', error })
    cases.push({ type: 'option.choose', stepId: step.id, label: step.failure.retry })
  }
  if (step.type === 'options' && step.keep_open) {
    cases.push({ type: 'scheduler.book', ...pickedSlot }, { type: 'scheduler.close' })
    cases.push({ type: 'xstate.done.actor.bookAppointment', output: booking })
    for (const error of bookingErrorCases) cases.push({ type: 'xstate.error.actor.bookAppointment', error })
  }
  return cases
}

/** A test-model state: where the chat is, plus only what decides what can happen next. */
export function serializeIntakeState(flow: CheckedFlow, snapshot: IntakeSnapshot): string {
  const { uploadAttempts, saveAttempts, panel } = snapshot.context
  // A refused booking leaves the card as it was unless the card says why: its refusal and refusals tell them apart.
  const card = panel.kind === 'scheduler' ? [panel.refusal, Math.min(panel.refusals, 1)] : null
  return JSON.stringify([snapshot.value, skipMode(flow, snapshot), Math.min(uploadAttempts, 2), Math.min(saveAttempts, 2), card])
}

export function intakeTestModel(flow: CheckedFlow, machine: IntakeMachine) {
  return createTestModel(machine, {
    events: (snapshot) => eventCases(flow, snapshot),
    // Done-state events are raised by the machine itself; save.retry is the same edge as the retry option;
    // an actor failure without a case is one eventCases chose not to repeat on a second attempt.
    filterEvents: (_, event) =>
      !event.type.startsWith('xstate.done.state.') &&
      event.type !== 'save.retry' &&
      !(event.type.startsWith('xstate.error.actor.') && !('error' in event)),
    serializeState: (snapshot) => serializeIntakeState(flow, snapshot),
  })
}

export function isSaveStart(flow: CheckedFlow, snapshot: IntakeSnapshot): boolean {
  const step = flow.steps.find((s) => s.id === stepIdOf(snapshot))
  return step?.type === 'save' && substateOf(snapshot) === 'saving' && snapshot.context.saveAttempts === 1
}

/**
 * Every simple path from the welcome to every end. Every complete chat passes the save step's first
 * attempt, so paths are generated up to it and on from it, which keeps the traversal small.
 */
export function allSimplePaths(flow: CheckedFlow, machine: IntakeMachine) {
  const model = intakeTestModel(flow, machine)
  const hasSave = flow.steps.some((step) => step.type === 'save')
  if (!hasSave) return model.getSimplePaths()
  const toSaveOrEnd = model.getSimplePaths({ toState: (s) => s.status === 'done' || isSaveStart(flow, s) })
  const ended = toSaveOrEnd.filter((path) => path.state.status === 'done')
  const atSave = toSaveOrEnd.filter((path) => path.state.status !== 'done')
  return [...ended, ...model.getSimplePathsFrom(atSave)]
}
