import { expect } from 'vitest'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import type { AnyIntakeEvent } from '@/features/intake/machine/intake-types'
import type { ChatRecord, RecordedChatEvent } from '@/features/intake/recording/chat-record'
import { stepById } from './flow-reading'
import { invalidFormValues, stepIdOf, type IntakeSnapshot } from './path-model'

/** A chat's run as a path test drives it: each event sent and the snapshot after it, from the start. */
export interface ChatRun {
  start: IntakeSnapshot
  turns: { event: AnyIntakeEvent; after: IntakeSnapshot }[]
}

/** What the chat recorded, each with the number of the run's event that made it (0: the chat's start). */
export type TimedRecord = RecordedChatEvent & { turn: number }

const askingTypes = new Set(['options', 'form', 'upload'])

/** Whether the snapshot is at a step that asks the visitor, past its question ('ask', or 'check' of a skip_if). */
function askedStep(flow: CheckedFlow, snapshot: IntakeSnapshot): string | undefined {
  const id = stepIdOf(snapshot)
  const step = flow.steps.find((s) => s.id === id)
  if (!step || !askingTypes.has(step.type)) return undefined
  const inner = (snapshot.value as Record<string, unknown>)[id]
  return /"(ask|check)"/.test(JSON.stringify(inner)) ? undefined : id
}

const isValid = (values: Record<string, unknown>) => !Object.values(values).some((value) => Object.values(invalidFormValues).includes(value as string))

/** The steps the visitor answered on the run, from its events: options chosen, valid forms, uploads done. */
function answeredSteps(flow: CheckedFlow, run: ChatRun): Set<string> {
  const answered = new Set<string>()
  run.turns.forEach(({ event }, index) => {
    const before = index === 0 ? run.start : run.turns[index - 1]!.after
    const at = stepById(flow, stepIdOf(before))
    if (event.type === 'option.choose' && at.type === 'options') answered.add(event.stepId)
    if (event.type === 'form.submit' && isValid(event.values)) answered.add(event.stepId)
    if (event.type === 'xstate.done.actor.uploadReferenceImage') answered.add(at.id)
  })
  return answered
}

const ofType = <TType extends ChatRecord['type']>(records: TimedRecord[], type: TType) =>
  records.filter((record): record is TimedRecord & Extract<ChatRecord, { type: TType }> => record.type === type)

/**
 * The recording of a run, checked against what happened on it: one session started first; each
 * step shown once, when its question appeared, before any answer; the answered steps exactly the
 * ones answered; the contact once, after the form with name and phone; completion only after a
 * save succeeded; a chat-first exit only when the chat ended at an end step; the notice (its version, in
 * the chat's language) and the opt-in as ticked each time the name form was sent.
 */
export function expectRecordedAsRun(flow: CheckedFlow, run: ChatRun, records: TimedRecord[], language: string) {
  const { sessionId } = run.start.context
  const snapshots = [run.start, ...run.turns.map((turn) => turn.after)]
  expect(records[0]).toMatchObject({ type: 'session.started', turn: 0 })
  expect(ofType(records, 'session.started')).toHaveLength(1)
  expect(records.every((record) => record.sessionId === sessionId)).toBe(true)

  const asked = snapshots.map((snapshot) => askedStep(flow, snapshot))
  const firstAsked = [...new Set(asked.filter((id) => id !== undefined))]
  const shown = ofType(records, 'step.shown')
  expect(shown.map((record) => record.stepId)).toEqual(firstAsked)
  for (const record of shown) expect(record.turn).toBe(asked.indexOf(record.stepId))

  const answered = ofType(records, 'step.answered')
  expect(new Set(answered.map((record) => record.stepId))).toEqual(answeredSteps(flow, run))
  for (const record of answered) {
    expect(records.findIndex((r) => r.type === 'step.shown' && r.stepId === record.stepId)).toBeLessThan(records.indexOf(record))
  }

  const contactForm = flow.steps.find((step) => step.type === 'form' && ['name', 'phone'].every((id) => step.fields.some((f) => f.id === id)))
  const contactTurn = run.turns.findIndex(({ event }) => event.type === 'form.submit' && event.stepId === contactForm?.id && isValid(event.values))
  const contacts = ofType(records, 'contact.submitted')
  if (contactTurn === -1) expect(contacts).toEqual([])
  else {
    const { name, phone } = run.turns[contactTurn]!.after.context.answers
    expect(contacts.map(({ type, name, phone, turn }) => ({ type, name, phone, turn }))).toEqual([
      { type: 'contact.submitted', name, phone, turn: contactTurn + 1 },
    ])
  }

  const contactTurns = run.turns.flatMap(({ event }, index) =>
    event.type === 'form.submit' && event.stepId === contactForm?.id && isValid(event.values) ? [{ turn: index + 1, optedIn: event.marketing === true }] : [],
  )
  const consent = records.filter((record) => record.type === 'notice.shown' || record.type === 'marketing.chosen')
  expect(consent).toEqual(
    contactTurns.flatMap(({ turn, optedIn }) => [
      { type: 'notice.shown', noticeVersion: flow.notice.version, noticeLanguage: language, sessionId, turn },
      { type: 'marketing.chosen', optedIn, sessionId, turn },
    ]),
  )

  const savedTurn = run.turns.findIndex(({ event }) => event.type === 'xstate.done.actor.saveLead')
  const completed = ofType(records, 'chat.completed')
  if (savedTurn === -1) expect(completed).toEqual([])
  else expect(completed).toEqual([{ type: 'chat.completed', leadId: run.start.context.leadId, sessionId, turn: savedTurn + 1 }])

  const endTurn = snapshots.findIndex((snapshot) => flow.steps.find((s) => s.id === stepIdOf(snapshot))?.type === 'end')
  const chatFirst = ofType(records, 'chat_first.chosen')
  if (endTurn === -1) expect(chatFirst).toEqual([])
  else {
    expect(chatFirst.map((record) => record.turn)).toEqual([endTurn])
    expect(records.at(-1)).toBe(chatFirst[0])
    expect(completed).toEqual([])
  }
}
