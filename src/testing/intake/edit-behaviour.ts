import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getNextSnapshot } from 'xstate'
import { getShortestPaths, type TraversalOptions } from 'xstate/graph'
import type { CheckedFlow, FlowStep } from '@/features/intake/flow/flow.schema'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import { answered, answerFieldsOf, answerPath, isQuestion, resumeStep, type QuestionStep } from '@/features/intake/machine/answer-path'
import { returnStateKey } from '@/features/intake/machine/answer-edits'
import type { AnyIntakeEvent } from '@/features/intake/machine/intake-types'
import { answerUntil, chooseOption, settle, shownMessage, snapshotOf, startChat, uploadedPath, waitingAt } from './chat-driver'
import { optionParts, plainOption, type OptionsStep } from './flow-reading'
import { eventCases, serializeIntakeState, stepIdOf, validFormValues, type IntakeSnapshot } from './path-model'
import { compileTestVariant } from './test-variant'
import { consultationParts } from './timed-behaviour'

/** Other valid contact details, for a form answered again. */
export const changedFormValues: Record<string, string> = { name: 'Priya Kapoor', phone: '9123456780', city: 'Pune', email: 'priya.kapoor@example.in' }

const questions = (flow: CheckedFlow) => flow.steps.filter(isQuestion)

/** The steps whose answer the visitor can change in this state, as the machine says (what the Edit buttons offer). */
export function editableSteps(flow: CheckedFlow, snapshot: IntakeSnapshot): string[] {
  return questions(flow)
    .map((step) => step.id)
    .filter((stepId) => snapshot.can({ type: 'answer.edit', stepId }))
}

/** The new answers tried for a question asked again: one option per way it goes on, and one other than the current answer. */
function editAnswers(step: QuestionStep, current: string | undefined): AnyIntakeEvent[] {
  if (step.type === 'form') {
    const values = (given: Record<string, string>) => Object.fromEntries(step.fields.map((f) => [f.id, given[f.id] ?? '']))
    return [validFormValues, changedFormValues].map((given) => ({ type: 'form.submit', stepId: step.id, values: values(given) }))
  }
  if (step.type !== 'options') return []
  const options = step.options.map(optionParts)
  const signature = (label: string | undefined) => JSON.stringify({ ...options.find((o) => o.label === label), label: '' })
  const firsts = [...new Map(options.map((o) => [signature(o.label), o.label])).values()]
  const other = options.find((o) => o.label !== current && signature(o.label) === signature(current))?.label
  return [...new Set([...firsts, ...(other ? [other] : [])])].map((label) => ({ type: 'option.choose', stepId: step.id, label }))
}

/** The events after an edit: the question asked again gets its new answers, every other step the model's usual cases. */
function continuationCases(flow: CheckedFlow, snapshot: IntakeSnapshot): AnyIntakeEvent[] {
  const step = flow.steps.find((s) => s.id === stepIdOf(snapshot))
  const waiting = JSON.stringify(snapshot.value).includes('"waiting"')
  if (step && isQuestion(step) && waiting && answered(snapshot.context, step.id) && step.type !== 'upload') {
    return [{ type: 'delay.elapsed' }, ...editAnswers(step, snapshot.context.stepAnswers[step.id])]
  }
  return eventCases(flow, snapshot)
}

function pathIds(flow: CheckedFlow, snapshot: IntakeSnapshot): string[] {
  return answerPath(flow, snapshot.context).map((step) => step.id)
}

/** The chat waits for the visitor (or saves, or ends) at a step it had not been through: where an edit comes to rest. */
function settled(flow: CheckedFlow, snapshot: IntakeSnapshot, reached: string | undefined): boolean {
  const stepId = stepIdOf(snapshot)
  const step = flow.steps.find((s) => s.id === stepId)
  if (!step || stepId === returnStateKey || (isQuestion(step) && answered(snapshot.context, stepId))) return false
  return stepId === reached || !isQuestion(step) || !pathIds(flow, snapshot).includes(reached ?? '')
}

/** Which lead answers the options and forms on the path must hold, read from what the visitor gave at each step. */
function expectConsistentAnswers(flow: CheckedFlow, snapshot: IntakeSnapshot) {
  const { answers, stepAnswers } = snapshot.context
  const path = answerPath(flow, snapshot.context)
  const here = stepIdOf(snapshot)
  const before = path.slice(0, Math.max(0, path.findIndex((step) => step.id === here)))
  for (const step of before) if (isQuestion(step)) expect(stepAnswers, `answer of '${step.id}'`).toHaveProperty(step.id)
  for (const step of path) {
    if (step.type === 'options' && step.answer && answered(snapshot.context, step.id)) {
      const option = step.options.map(optionParts).find((o) => o.label === stepAnswers[step.id])
      expect(answers[step.answer]).toBe(option?.skip ? '' : option?.label)
    }
    if (step.type === 'form' && answered(snapshot.context, step.id)) for (const field of step.fields) expect(answers[field.id]).not.toBe('')
  }
  const onPath = new Set(path.map((step) => step.id))
  const keptFields = new Set(path.filter((step) => answered(snapshot.context, step.id)).flatMap(answerFieldsOf))
  for (const step of flow.steps.filter((s: FlowStep) => isQuestion(s) && !onPath.has(s.id))) {
    expect(stepAnswers, `answer of '${step.id}', off the path`).not.toHaveProperty(step.id)
    for (const field of answerFieldsOf(step)) if (!keptFields.has(field)) expect(answers[field], field).toBe('')
  }
}

/**
 * Edits generated from the compiled machine: from every reachable state (one path to each, told
 * apart by the way the answers go), an edit of each step the machine lets the visitor
 * change, each new answer (one per way on, and a different one), then the chat until it rests.
 */
export function describeAnswerEdits(flow: CheckedFlow, title: string) {
  const machine = compileTestVariant(flow)
  const changeTemplate = flow.chat.changed

  describe(title, () => {
    const started = performance.now()
    const traversal = (serialize: (s: IntakeSnapshot) => unknown[], events: typeof eventCases): Partial<TraversalOptions<IntakeSnapshot, AnyIntakeEvent, unknown>> => ({
      events: (snapshot) => events(flow, snapshot),
      filterEvents: (_, event) => !event.type.startsWith('xstate.done.state.'),
      serializeState: (snapshot) => JSON.stringify(serialize(snapshot)),
    })
    const origins = getShortestPaths(machine, {
      ...traversal((s) => [serializeIntakeState(flow, s), pathIds(flow, s), Object.keys(s.context.stepAnswers)], eventCases),
      stopWhen: (s) => s.status === 'done',
    })
    const continuation = traversal((s) => [s.value, s.context.stepAnswers, s.context.changed, s.context.uploadAttempts], continuationCases)
    const edits = origins.flatMap((origin) =>
      editableSteps(flow, origin.state).flatMap((stepId) => {
        const reached = resumeStep(flow, origin.state.context)
        const edited = getNextSnapshot(machine, origin.state, { type: 'answer.edit', stepId })
        const rest = (s: IntakeSnapshot) => settled(flow, s, reached)
        return getShortestPaths(machine, { ...continuation, fromState: edited, toState: rest, stopWhen: rest }).map((path) => ({ origin, stepId, reached, path }))
      }),
    )
    console.log(`${title}: ${edits.length} generated edit paths from ${origins.length} states (generated in ${Math.round(performance.now() - started)} ms)`)

    it('offers every answered question on the path while the chat waits before the save, and nothing after it or at an end', () => {
      expect(edits.length).toBeGreaterThan(20)
      expect(origins.some(({ state }) => flow.steps.find((s) => s.id === stepIdOf(state))?.type === 'save')).toBe(true)
      for (const { state } of origins) {
        const stepId = stepIdOf(state)
        const step = flow.steps.find((s) => s.id === stepId)
        const offered = editableSteps(flow, state)
        if (!step || !isQuestion(step) || !pathIds(flow, state).includes(stepId)) expect(offered).toEqual([])
        else if (JSON.stringify(state.value).includes('"waiting"')) {
          const expected = answerPath(flow, state.context).filter((s) => isQuestion(s) && s.id !== stepId && answered(state.context, s.id))
          expect(offered).toEqual(questions(flow).filter((s) => expected.includes(s)).map((s) => s.id))
        }
      }
    })

    it('after each edit the chat rests where the path of the new answers says, every question before it answered, nothing off it kept', () => {
      const changes = new Set<string>()
      for (const { origin, stepId, reached, path } of edits) {
        const end = path.state
        const before = origin.state.context
        const here = stepIdOf(end)
        expect(here, `edit of '${stepId}' from ${JSON.stringify(origin.state.value)}`).toBe(resumeStep(flow, end.context))
        expectConsistentAnswers(flow, end)
        const newPath = pathIds(flow, end)
        const step = flow.steps.find((s) => s.type !== 'end' && s.type !== 'save' && s.id === here)
        if (step && reached && newPath.includes(reached)) expect(here).toBe(reached)
        for (const id of pathIds(flow, origin.state)) {
          if (id !== stepId && newPath.includes(id) && answered(before, id)) expect(end.context.stepAnswers[id]).toBe(before.stepAnswers[id])
        }
        const edited = flow.steps.find((s) => s.id === stepId)
        if (edited?.type === 'form') {
          const asked = path.steps.find(({ state }) => state.context.panel.kind === 'form' && state.context.panel.stepId === stepId)
          const prefilled = Object.fromEntries(edited.fields.map((field) => [field.id, before.answers[field.id]]))
          expect(asked?.state.context.panel).toMatchObject({ kind: 'form', values: prefilled })
        }
        const from = before.stepAnswers[stepId]
        const to = end.context.stepAnswers[stepId]
        const said = end.context.transcript.slice(before.transcript.length).map(shownMessage)
        const label = (edited as QuestionStep).label ?? ''
        const changeText = renderTemplate(changeTemplate, { ...end.context.answers, step: label, from, to })
        const isUpload = edited?.type === 'upload'
        if (to !== undefined && to !== from && !isUpload) {
          expect(said.filter((text) => text === changeText)).toHaveLength(1)
          changes.add(stepId)
        } else expect(end.context.changed).toBeNull()
        end.context.transcript.forEach((message, index) => expect(message.id).toBe(`m${index + 1}`))
      }
      const announced = questions(flow).filter((step) => step.type !== 'upload' && edits.some((e) => e.stepId === step.id))
      expect([...changes].sort()).toEqual(announced.map((step) => step.id).sort())
    })
  })
}

/** An edit started while another question is asked again, with simulated time: the later one wins, the first keeps its answer. */
export function describeEditDuringEdit(flow: CheckedFlow, title: string) {
  const { toUpload, upload } = consultationParts(flow)

  describe(title, () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') }))
    afterEach(() => vi.useRealTimers())

    it('changing the design to the upload while the first question is asked again asks for the image, then goes on where the visitor was', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(toUpload.step.id))
      chooseOption(chat, toUpload.step, plainOption(toUpload.step))
      await settle()
      const reached = stepIdOf(snapshotOf(chat))
      const first = questions(flow).find((step): step is OptionsStep => step.type === 'options') as OptionsStep
      const firstAnswer = snapshotOf(chat).context.stepAnswers[first.id]
      chat.actor.send({ type: 'answer.edit', stepId: first.id })
      await settle()
      expect(waitingAt(first.id)(snapshotOf(chat))).toBe(true)
      chat.actor.send({ type: 'answer.edit', stepId: toUpload.step.id })
      await settle()
      chooseOption(chat, toUpload.step, toUpload.option.label)
      await settle()
      expect(waitingAt(upload.id)(snapshotOf(chat))).toBe(true)
      chat.actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
      await settle()
      const { context } = snapshotOf(chat)
      expect(waitingAt(reached)(snapshotOf(chat))).toBe(true)
      expect(context.stepAnswers[first.id]).toBe(firstAnswer)
      expect(context.answers.reference_image).toBe(uploadedPath)
      const changed = (step: QuestionStep, from: string, to: string) => renderTemplate(flow.chat.changed, { step: step.label ?? '', from, to })
      const contents = context.transcript.map((m) => shownMessage(m) ?? '')
      expect(contents.filter((text) => text === changed(toUpload.step, plainOption(toUpload.step), toUpload.option.label))).toHaveLength(1)
      expect(contents.filter((text) => text.startsWith(changed(first, firstAnswer ?? '', '')))).toHaveLength(0)
    })
  })
}
