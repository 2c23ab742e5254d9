import { fromPromise, setup } from 'xstate'
import { errorCode } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import { languageCode } from '../flow/chat-language'
import type { CheckedFlow, FlowGuard } from '../flow/flow.schema'
import { answerFields, type PixelEvent } from '../flow/flow-vocabulary'
import { contactFormSchema, type CheckedFormField } from '../forms/contact-form.schema'
import { createLeadId } from '../lead/lead-id'
import { createSessionId, record, type RecordedChatEvent } from '../recording/chat-record'
import type { LeadPayload } from '../lead/lead-payload'
import type { MessagingLink } from '../links/messaging-links'
import { goTo, returnState, returnStateKey } from './answer-edits'
import { bookingRefusalCodes, type BookingRefusal } from './booking-refusals'
import { update } from './context-updates'
import { editable, guardHolds, passed, resumeStep } from './answer-path'
import { compileStep, endStateKey } from './compile-steps'
import type { Answers, AnyIntakeEvent, Booking, IntakeContext, SlotPick } from './intake-types'
import { pauseDelayName, typingDelay } from './sequence'
import { realTiming, testTiming, type StateConfig } from './state-config'

export interface CompileOptions {
  /** 'test': every delay and actor outcome becomes an explicit event, for `createTestModel`. */
  variant?: 'real' | 'test'
}

export interface TrackPixelParams {
  event: PixelEvent
  params: Record<string, string>
}

/** Named delays of `setup`: each timing of the flow, plus its wait before the typing indicator starts. */
export function flowDelays(flow: CheckedFlow): Record<string, number> {
  const typing = flow.timing[typingDelay] ?? 0
  const delays: Record<string, number> = {}
  for (const [name, ms] of Object.entries(flow.timing)) {
    delays[name] = ms
    delays[pauseDelayName(name)] = Math.max(0, ms - typing)
  }
  return delays
}

export function initialContext(flowHash: string): IntakeContext {
  return {
    flowHash,
    sessionId: createSessionId(),
    leadId: createLeadId(),
    answers: Object.fromEntries(answerFields.map((field) => [field, ''])) as Answers,
    booking: null,
    transcript: [],
    typing: false,
    panel: { kind: 'none' },
    uploadStatus: 'idle',
    uploadAttempts: 0,
    saveAttempts: 0,
    saveError: null,
    stepAnswers: {},
    changed: null,
    noticeSeen: null,
    marketing: false,
  }
}

function intakeSetup(flow: CheckedFlow) {
  return setup({
    types: {
      context: {} as IntakeContext,
      events: {} as AnyIntakeEvent,
    },
    actions: {
      /** Opens a messaging or tel link in a new tab, its text in the chat's language; the chat screen provides it. */
      openLink: providedLater<{ link: MessagingLink | null }>(),
      /** Sends an ad-pixel event; the chat screen provides it. */
      trackPixel: providedLater<TrackPixelParams>(),
      /** Records the chat's progress for the insights (recording/); the chat screen provides it. */
      record: providedLater<RecordedChatEvent>(),
      /** The test variant reports each actor it would start, with its input; tests provide it. */
      actorStarted: providedLater<{ src: string; input: unknown }>(),
    },
    actors: {
      saveLead: fromPromise<void, { lead: LeadPayload }>(async () => {
        throw new Error('saveLead is not provided: pass it with machine.provide({ actors })')
      }),
      uploadReferenceImage: fromPromise<{ path: string }, { file: Blob }>(async () => {
        throw new Error('uploadReferenceImage is not provided: pass it with machine.provide({ actors })')
      }),
      /** Books the picked slot for the visitor's lead and answers how the chat names it, with the visitor's manage link. */
      bookAppointment: fromPromise<Booking, SlotPick & { leadId: string }>(async () => {
        throw new Error('bookAppointment is not provided: pass it with machine.provide({ actors })')
      }),
    },
    guards: {
      optionChosen: ({ event }, params: { stepId: string; label: string }) =>
        event.type === 'option.choose' && event.stepId === params.stepId && event.label === params.label,
      validForm: ({ event }, params: { stepId: string; fields: CheckedFormField[] }) =>
        event.type === 'form.submit' && event.stepId === params.stepId && contactFormSchema(params.fields).safeParse(event.values).success,
      knownLanguage: ({ event }) => event.type === 'language.set' && typeof event.language === 'string' && languageCode.test(event.language),
      hasFile: ({ event }) => event.type === 'upload.submit' && event.file instanceof Blob,
      stepSkipped: ({ context }, guard: FlowGuard) => guardHolds(guard, context.answers),
      /** Going on to `stepId` passes through the return state: an answer changed, or that step has its answer. */
      answersChanged: ({ context }, { stepId }: { stepId: string }) => {
        const step = flow.steps.find((s) => s.id === stepId)
        return context.changed !== null || (step !== undefined && passed(step, context))
      },
      changeUnsaid: ({ context }) => context.changed !== null,
      resumesAt: ({ context }, { stepId }: { stepId: string }) => resumeStep(flow, context) === stepId,
      answerEditable: ({ context, event }, { stepId, at }: { stepId: string; at?: string }) =>
        event.type === 'answer.edit' && event.stepId === stepId && editable(flow, context, stepId, at),
      validSlot: ({ event }) =>
        event.type === 'scheduler.book' && /^\d{4}-\d{2}-\d{2}$/.test(String(event.date)) && /^\d{2}:\d{2}$/.test(String(event.time)),
      bookingRefused: ({ event }, { refusal }: { refusal: BookingRefusal }) =>
        'error' in event && errorCode(event.error) === bookingRefusalCodes[refusal],
    },
    delays: flowDelays(flow),
  })
}

/** Compiles a checked flow into the intake machine; the same definition serves the app and the test variant. */
export function compileFlow(flow: CheckedFlow, options: CompileOptions = {}) {
  const timing = options.variant === 'test' ? testTiming : realTiming
  const states: Record<string, StateConfig> = { [endStateKey]: { type: 'final' }, [returnStateKey]: returnState(flow, timing) }
  for (const step of flow.steps) {
    const compiled = compileStep(step, { flow, timing })
    const skipIf = 'skip_if' in step ? step.skip_if : undefined
    states[step.id] =
      skipIf && 'next' in step && step.next
        ? {
            initial: 'check',
            states: {
              check: { always: [{ guard: { type: 'stepSkipped', params: skipIf }, target: 'skipped' }, { target: 'run' }] },
              skipped: { always: goTo(step.next) },
              run: compiled,
            },
          }
        : compiled
  }
  const machineSetup = intakeSetup(flow)
  const config = {
    id: 'intake',
    context: () => initialContext(flow.hash),
    entry: [record(() => ({ type: 'session.started' }))],
    on: {
      'language.set': { guard: 'knownLanguage', actions: update((_, event) => (event.type === 'language.set' ? { language: event.language } : {})) },
    },
    initial: flow.start,
    states,
  }
  return machineSetup.createMachine(config as unknown as Parameters<typeof machineSetup.createMachine>[0])
}

export type IntakeMachine = ReturnType<typeof compileFlow>
