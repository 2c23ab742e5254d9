import { flowLanguage } from '../flow/chat-language'
import type { CheckedFlow, FlowMessage, FlowStep } from '../flow/flow.schema'
import { optionParts } from '../flow/flow-options'
import { contactFormSchema } from '../forms/contact-form.schema'
import { buildLeadPayload } from '../lead/lead-payload'
import { noticeAccepted, noticeRecord, privacyPanel } from './notice-updates'
import { saveErrorKind, toSaveError } from '../lead/save-error-message'
import { record } from '../recording/chat-record'
import { editTransitions, formValues, goTo, noteAnswer } from './answer-edits'
import { closePanel, markCurrentOption, postBot, postUser, recordAnswer, render, template, tickOption, typingOff, typingOn, update, type BotExtras } from './context-updates'
import { flowActions } from './flow-actions'
import type { AnyIntakeEvent, IntakeContext } from './intake-types'
import { schedulerStates } from './scheduler-states'
import { doBeats, sayBeat, sequenceState, type Beat } from './sequence'
import type { StateConfig, Timing, TransitionConfig } from './state-config'

export const endStateKey = '__end'

export interface StepCompiler {
  flow: CheckedFlow
  timing: Timing
}

const stepTarget = (id: string) => `#intake.${id}`

const shown = (stepId: string) => record(() => ({ type: 'step.shown', stepId }))
const answered = (stepId: string) => record(() => ({ type: 'step.answered', stepId }))
/** The question is asked: the step waits for the visitor. */
const asked = (stepId: string): TransitionConfig => ({ target: 'waiting', actions: [shown(stepId)] })

/** The way on to step `id`, or to the end of the chat. */
const onTo = (id: string | undefined, actions: unknown[] = []) => (id === undefined ? [{ target: stepTarget(endStateKey), actions }] : goTo(id, actions))

function says(flow: CheckedFlow, messages: FlowMessage[] | undefined, extras: BotExtras, lastExtras: BotExtras = extras): Beat[] {
  const list = messages ?? []
  return list.map((message, index) => sayBeat(message, template(flow), index === list.length - 1 ? lastExtras : extras))
}

function messageStep(step: FlowStep & { type: 'message' | 'end' }, c: StepCompiler): StateConfig {
  const chatFirst: Beat[] = step.type === 'end' ? [{ kind: 'do', actions: [record(() => ({ type: 'chat_first.chosen' }))] }] : []
  const beats = [...chatFirst, ...says(c.flow, step.say, { stepId: step.id }), ...doBeats(step.do, flowActions(c.flow))]
  return sequenceState(beats, onTo(step.type === 'end' ? undefined : step.next), c.timing, c.flow)
}

function optionsStep(step: FlowStep & { type: 'options' }, c: StepCompiler): StateConfig {
  const labels = step.options.map((option) => optionParts(option).label)
  const lastExtras: BotExtras = { stepId: step.id, options: labels, ...(step.keep_open ? { optionsStayOpen: true } : {}) }
  const edits = editTransitions(c.flow, step.id)
  const question = !step.keep_open
  const states: Record<string, StateConfig> = {
    ask: { ...sequenceState(says(c.flow, step.say, { stepId: step.id }, lastExtras), asked(step.id), c.timing, c.flow), ...(question ? { on: edits } : {}) },
  }
  const choices: TransitionConfig[] = step.options.map((option, index) => {
    const { label, skip, reply, do: actions, next } = optionParts(option)
    const opensScheduler = actions?.some((action) => action.action === 'open_scheduler') ?? false
    const after = next ?? step.next
    const onDone = after ? goTo(after) : { target: opensScheduler ? 'scheduling' : 'waiting' }
    const beats = [...says(c.flow, reply, { stepId: step.id }), ...doBeats(actions, flowActions(c.flow))]
    const endsChat = c.flow.steps.find((s) => s.id === after)?.type === 'end'
    states[`reply_${index}`] = { ...sequenceState(beats, onDone, c.timing, c.flow), ...(question && !endsChat ? { on: edits } : {}) }
    return {
      guard: { type: 'optionChosen', params: { stepId: step.id, label } },
      target: `reply_${index}`,
      actions: [
        ...(step.answer ? [recordAnswer(step.answer, skip ? '' : label)] : []),
        tickOption(step.id, label),
        postUser(() => ({ text: label }), step.id),
        answered(step.id),
        ...(question ? [noteAnswer(c.flow, step.id, () => label)] : []),
      ],
    }
  })
  states.waiting = question
    ? { entry: [markCurrentOption(step.id)], on: { 'option.choose': choices, ...edits } }
    : { on: { 'option.choose': choices } }
  if (step.keep_open) Object.assign(states, schedulerStates(c.flow, step.id, choices, c.timing))
  return { initial: 'ask', states }
}

function formStep(step: FlowStep & { type: 'form' }, c: StepCompiler): StateConfig {
  const fields = step.fields.map(({ id, label, placeholder, errors }) => ({
    id,
    label,
    errors,
    ...(placeholder === undefined ? {} : { placeholder }),
  }))
  const schema = contactFormSchema(fields)
  const keepValues = update((context, event) => {
    if (event.type !== 'form.submit') return {}
    const parsed = schema.safeParse(event.values)
    return parsed.success ? { answers: { ...context.answers, ...(parsed.data as Record<string, string>) } } : {}
  })
  const { echo, notice } = step
  const fieldIds = fields.map((field) => field.id)
  const echoed = (context: IntakeContext) => (echo ? render(echo, context) : fieldIds.map((id) => context.answers[id]).join(', '))
  const asksContact = fieldIds.includes('name') && fieldIds.includes('phone')
  const contact = record(({ answers }) => ({ type: 'contact.submitted', name: answers.name, phone: answers.phone }))
  const privacy = asksContact ? privacyPanel(c.flow) : undefined
  const edits = editTransitions(c.flow, step.id)
  return {
    initial: 'ask',
    states: {
      ask: { ...sequenceState(says(c.flow, step.say, { stepId: step.id }), asked(step.id), c.timing, c.flow), on: edits },
      waiting: {
        entry: [
          update((context) => ({
            panel: {
              kind: 'form',
              stepId: step.id,
              fields,
              submitLabel: step.submit,
              ...(notice === undefined ? {} : { notice }),
              ...(privacy ? { privacy: { ...privacy, marketingChosen: context.marketing } } : {}),
              ...formValues(context, step.id, fieldIds),
            },
          })),
        ],
        on: {
          'form.submit': {
            guard: { type: 'validForm', params: { stepId: step.id, fields } },
            target: 'reply',
            actions: [
              closePanel,
              keepValues,
              ...(echo ? [postUser(template(c.flow)(echo), step.id)] : []),
              noteAnswer(c.flow, step.id, echoed),
              answered(step.id),
              ...(asksContact ? [contact, ...noticeAccepted(c.flow)] : []),
            ],
          },
          ...edits,
        },
      },
      reply: { ...sequenceState(says(c.flow, step.reply, { stepId: step.id }), onTo(step.next), c.timing, c.flow), on: edits },
    },
  }
}

function uploadStep(step: FlowStep & { type: 'upload' }, c: StepCompiler): StateConfig {
  const { messages } = step
  const invoked = c.timing.invoked(
    'uploadReferenceImage',
    ({ event }) => ({ file: (event as AnyIntakeEvent & { file?: Blob }).file }),
    {
      onDone: onTo(step.next, [
        update((context, event) => ({
          answers: { ...context.answers, reference_image: event.type === 'xstate.done.actor.uploadReferenceImage' ? event.output.path : '' },
          uploadStatus: 'success',
          panel: { kind: 'none' },
        })),
        noteAnswer(c.flow, step.id, (context) => context.answers.reference_image, true),
        postBot(() => ({ text: messages.success }), { stepId: step.id }),
        answered(step.id),
      ]),
      onError: { target: 'waiting', actions: [update(() => ({ uploadStatus: 'error' })), postBot(() => ({ text: messages.failure }), { stepId: step.id })] },
      onResume: { target: 'waiting', actions: [update(() => ({ uploadStatus: 'idle' }))] },
    },
  )
  const edits = editTransitions(c.flow, step.id)
  return {
    initial: 'ask',
    states: {
      ask: { ...sequenceState(says(c.flow, step.say, { stepId: step.id }), asked(step.id), c.timing, c.flow), on: edits },
      waiting: {
        entry: [update(() => ({ panel: { kind: 'upload', stepId: step.id, texts: step.area } }))],
        on: {
          ...edits,
          'upload.submit': {
            guard: 'hasFile',
            target: 'uploading',
            actions: [
              update((context) => ({ uploadStatus: 'uploading', uploadAttempts: context.uploadAttempts + 1 })),
              postBot(() => ({ text: messages.uploading }), { stepId: step.id }),
            ],
          },
        },
      },
      uploading: invoked,
    },
  }
}

function saveStep(step: FlowStep & { type: 'save' }, c: StepCompiler): StateConfig {
  const { success, failure } = step
  const invoked = c.timing.invoked(
    'saveLead',
    ({ context }) => ({ lead: buildLeadPayload(context.leadId, context.answers, context.language ?? flowLanguage.code, noticeRecord(c.flow, context)) }),
    {
      onDone: {
        target: 'saved',
        actions: [update(() => ({ saveError: null })), record(({ leadId }) => ({ type: 'chat.completed', leadId }))],
      },
      onError: {
        target: 'failed',
        actions: [update((_, event) => ({ saveError: toSaveError(event.type === 'xstate.error.actor.saveLead' ? event.error : undefined) }))],
      },
      onResume: { target: 'saving', reenter: true },
    },
  )
  const errorText = (context: IntakeContext) => ({ text: failure.messages[saveErrorKind(context.saveError ?? toSaveError(undefined))] })
  const retry = { target: 'saving', actions: [tickOption(step.id, failure.retry), postUser(() => ({ text: failure.retry }), step.id)] }
  return {
    initial: 'saving',
    states: {
      saving: {
        ...invoked,
        entry: [update((context) => ({ saveAttempts: context.saveAttempts + 1 })), typingOn, ...(invoked.entry ?? [])],
        exit: [typingOff],
      },
      saved: sequenceState(
        [...says(c.flow, success.say, { stepId: step.id }), ...doBeats(success.do, flowActions(c.flow))],
        { target: stepTarget(success.next ?? endStateKey) },
        c.timing,
        c.flow,
      ),
      failed: sequenceState(
        [{ kind: 'say', text: errorText, typing: true, extras: { stepId: step.id, options: [failure.retry] } }],
        { target: 'retry' },
        c.timing,
        c.flow,
      ),
      retry: {
        on: {
          'save.retry': retry,
          'option.choose': { ...retry, guard: { type: 'optionChosen', params: { stepId: step.id, label: failure.retry } } },
        },
      },
    },
  }
}

export function compileStep(step: FlowStep, c: StepCompiler): StateConfig {
  switch (step.type) {
    case 'message':
    case 'end':
      return messageStep(step, c)
    case 'options':
      return optionsStep(step, c)
    case 'form':
      return formStep(step, c)
    case 'upload':
      return uploadStep(step, c)
    case 'save':
      return saveStep(step, c)
  }
}
