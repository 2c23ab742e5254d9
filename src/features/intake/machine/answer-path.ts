import type { CheckedFlow, FlowGuard, FlowOption, FlowStep } from '../flow/flow.schema'
import type { AnswerField } from '../flow/flow-vocabulary'
import type { Answers, IntakeContext } from './intake-types'

export type PathContext = Pick<IntakeContext, 'answers' | 'stepAnswers' | 'transcript'>

export type QuestionStep = FlowStep & { type: 'options' | 'form' | 'upload' }

export function guardHolds(guard: FlowGuard, answers: Answers): boolean {
  return guard.guard === 'answered' ? answers[guard.field] !== '' : answers[guard.field] === guard.value
}

/** The steps the visitor answers, and may answer again until the lead is saved (post-save options stay open instead). */
export function isQuestion(step: FlowStep): step is QuestionStep {
  return (step.type === 'options' && !step.keep_open) || step.type === 'form' || step.type === 'upload'
}

/** The lead fields a step's answer fills. */
export function answerFieldsOf(step: FlowStep): AnswerField[] {
  if (step.type === 'options') return step.answer ? [step.answer] : []
  if (step.type === 'form') return step.fields.map((field) => field.id)
  return step.type === 'upload' ? ['reference_image'] : []
}

const labelOf = (option: FlowOption) => (typeof option === 'string' ? option : option.label)

function wayOn(step: FlowStep, answer: string | undefined): string | undefined {
  if (step.type === 'options') {
    const option = step.options.find((o) => labelOf(o) === answer)
    return (option && typeof option !== 'string' ? option.next : undefined) ?? step.next
  }
  return step.type === 'save' || step.type === 'end' ? undefined : step.next
}

export const answered = (context: Pick<IntakeContext, 'stepAnswers'>, stepId: string) => Object.hasOwn(context.stepAnswers, stepId)

/**
 * The steps a chat with these answers goes through from the start: an answered step goes on the way
 * its answer takes, a step still to answer by its own `next`, a step whose skip_if holds is left out.
 * It ends at the save or an end step, or where the way on is not known.
 */
export function answerPath(flow: CheckedFlow, context: Pick<PathContext, 'answers' | 'stepAnswers'>): FlowStep[] {
  const byId = new Map(flow.steps.map((step) => [step.id, step]))
  const path: FlowStep[] = []
  const seen = new Set<string>()
  let id: string | undefined = flow.start
  while (id !== undefined && !seen.has(id)) {
    seen.add(id)
    const step = byId.get(id)
    if (!step) break
    if ('skip_if' in step && step.skip_if && guardHolds(step.skip_if, context.answers)) {
      id = step.next
      continue
    }
    path.push(step)
    id = wayOn(step, context.stepAnswers[step.id])
  }
  return path
}

/** A step the chat goes past after an answer changed: a question that keeps its answer, or bot messages already said. */
export function passed(step: FlowStep, context: PathContext): boolean {
  if (isQuestion(step)) return answered(context, step.id)
  return step.type === 'message' && context.transcript.some((m) => m.type === 'bot' && m.stepId === step.id)
}

/** Where the chat goes on after an answer changed: the first step of the path the visitor has not been through. */
export function resumeStep(flow: CheckedFlow, context: PathContext): string | undefined {
  return answerPath(flow, context).find((step) => !passed(step, context))?.id
}

/** Whether the visitor may change the answer of `stepId` now: a question answered on the path, while the chat is at `at` on it. */
export function editable(flow: CheckedFlow, context: PathContext, stepId: string, at?: string): boolean {
  const path = answerPath(flow, context)
  const step = path.find((s) => s.id === stepId)
  return !!step && isQuestion(step) && answered(context, stepId) && (at === undefined || path.some((s) => s.id === at))
}

/**
 * The answers with those of steps no longer on the path forgotten: the lead stores them as
 * unanswered (''). Forgetting may bring a step back whose skip_if tested them, so it repeats until stable.
 */
export function keepPathAnswers(flow: CheckedFlow, context: Pick<PathContext, 'answers' | 'stepAnswers'>): Pick<PathContext, 'answers' | 'stepAnswers'> {
  let { answers, stepAnswers } = context
  for (;;) {
    const onPath = answerPath(flow, { answers, stepAnswers }).filter((step) => answered({ stepAnswers }, step.id))
    if (onPath.length === Object.keys(stepAnswers).length) return { answers, stepAnswers }
    const kept = new Set(onPath.flatMap(answerFieldsOf))
    const dropped = flow.steps.filter((step) => answered({ stepAnswers }, step.id) && !onPath.includes(step))
    answers = { ...answers, ...Object.fromEntries(dropped.flatMap(answerFieldsOf).filter((f) => !kept.has(f)).map((f) => [f, ''])) }
    stepAnswers = Object.fromEntries(onPath.map((step) => [step.id, stepAnswers[step.id] as string]))
  }
}
