import { expect, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { flowLanguage, shownText } from '@/features/intake/flow/chat-language'
import type { CheckedFlow, FlowMessage, FlowStep } from '@/features/intake/flow/flow.schema'
import { answerFields } from '@/features/intake/flow/flow-vocabulary'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import type { LeadPayload } from '@/features/intake/lead/lead-payload'
import { linkUrl } from '@/features/intake/links/messaging-links'
import { compileFlow } from '@/features/intake/machine/compile-flow'
import type { Booking, ChatMessage, SlotPick } from '@/features/intake/machine/intake-types'
import type { RecordedChatEvent } from '@/features/intake/recording/chat-record'
import { messageText, messageWait, optionParts, plainOption, stepById, type OptionsStep } from './flow-reading'
import { asksContact, expectedNotice } from './notice-expectations'
import { stepIdOf, type IntakeSnapshot } from './path-model'

/** A chat with the shipped machine of a flow, simulated time, and test doubles for save, upload and booking. */

type Outcome = 'ok' | 'never' | unknown

export interface Doubles {
  saves: LeadPayload[]
  links: string[]
  pixels: string[]
  bookings: (SlotPick & { leadId: string })[]
  /** What the chat recorded, in order; each is also handed to `recorder` when one is given. */
  records: RecordedChatEvent[]
  recorder?: { record(event: RecordedChatEvent): void }
  saveResults: Outcome[]
  uploadResults: Outcome[]
  bookingResults: Outcome[]
}

export const uploadedPath = '0123456789abcdef0123456789abcdef.png'
export const bookedSlot: Booking = {
  date: 'Tuesday, 24 November 2026',
  time: '3:00 PM',
  day: '2026-11-24',
  slot: '2026-11-24T09:30:00.000Z',
  manageLink: 'https://kanak.example/booking#token',
  manageTokenHash: '0'.repeat(64),
}

/** What the visitor types; the chat keeps them trimmed. */
export const typedValues: Record<string, string> = {
  name: ' Arjun Mehta ',
  phone: '9123456780',
  email: 'arjun@example.com',
  city: ' Bengaluru ',
}

export const newDoubles = (): Doubles => ({
  saves: [],
  links: [],
  pixels: [],
  bookings: [],
  records: [],
  saveResults: [],
  uploadResults: [],
  bookingResults: [],
})

async function outcome(results: Outcome[]) {
  const result = results.shift() ?? 'ok'
  if (result === 'never') await new Promise(() => {})
  if (result !== 'ok') throw result
}

export function machineWithDoubles(flow: CheckedFlow, doubles: Doubles) {
  return compileFlow(flow).provide({
    actions: {
      openLink: (_, { link }) => void doubles.links.push(link ? linkUrl(link, flowLanguage) : ''),
      trackPixel: (_, { event }) => void doubles.pixels.push(event),
      record: (_, event) => {
        doubles.records.push(event)
        doubles.recorder?.record(event)
      },
    },
    actors: {
      saveLead: fromPromise(async ({ input }) => {
        doubles.saves.push(input.lead)
        await outcome(doubles.saveResults)
      }),
      uploadReferenceImage: fromPromise(async () => {
        await outcome(doubles.uploadResults)
        return { path: uploadedPath }
      }),
      bookAppointment: fromPromise(async ({ input }) => {
        doubles.bookings.push(input)
        await outcome(doubles.bookingResults)
        return bookedSlot
      }),
    },
  })
}

export interface Chat {
  flow: CheckedFlow
  doubles: Doubles
  actor: ReturnType<typeof startActor>
  /** What the visitor has answered so far, as the lead should record it. */
  given: Record<string, string>
  /** When the name form was last sent under the notice (the simulated clock's ISO time), and the opt-in then. */
  notice: { seenAt: string; marketing: boolean } | null
}

function startActor(flow: CheckedFlow, doubles: Doubles) {
  return createActor(machineWithDoubles(flow, doubles)).start()
}

export function startChat(flow: CheckedFlow, doubles: Doubles = newDoubles()): Chat {
  return { flow, doubles, actor: startActor(flow, doubles), given: {}, notice: null }
}

export const snapshotOf = (chat: Chat) => chat.actor.getSnapshot()
export const transcriptOf = (chat: Chat) => snapshotOf(chat).context.transcript
/** What the visitor reads for a message, in the flow file's language. */
export const shownMessage = (message: ChatMessage | undefined) => (message ? shownText(message.text, flowLanguage) : undefined)
export const lastText = (chat: Chat) => shownMessage(transcriptOf(chat).at(-1))

export function substateOf(snapshot: IntakeSnapshot): string {
  const value = snapshot.value as string | Record<string, unknown>
  const inner = typeof value === 'string' ? undefined : value[stepIdOf(snapshot)]
  return typeof inner === 'string' ? inner : JSON.stringify(inner ?? '')
}

/** The chat waits for the visitor at this step. */
export const waitingAt = (stepId: string) => (snapshot: IntakeSnapshot) => stepIdOf(snapshot) === stepId && substateOf(snapshot) === 'waiting'

/** Runs the timers and settles the actors until the chat waits for the visitor. */
export async function settle() {
  await vi.advanceTimersByTimeAsync(0)
  for (let round = 0; round < 100 && vi.getTimerCount() > 0; round += 1) await vi.runOnlyPendingTimersAsync()
}

export function chooseOption(chat: Chat, step: OptionsStep, label: string) {
  const option = step.options.map(optionParts).find((o) => o.label === label)
  if (step.answer) chat.given[step.answer] = option?.skip ? '' : label
  chat.actor.send({ type: 'option.choose', stepId: step.id, label })
}

/** Sends the form with the typed values; `marketing`: the opt-in's tick on the name form (absent: left unticked). */
export function submitForm(chat: Chat, step: FlowStep & { type: 'form' }, marketing?: boolean) {
  const values = Object.fromEntries(step.fields.map((field) => [field.id, typedValues[field.id] ?? '']))
  for (const [id, value] of Object.entries(values)) chat.given[id] = value.trim()
  if (asksContact(step)) chat.notice = { seenAt: new Date().toISOString(), marketing: marketing === true }
  chat.actor.send({ type: 'form.submit', stepId: step.id, values, ...(marketing === undefined ? {} : { marketing }) })
}

/** Answers whatever the chat asks (options through `choose`) until `done` holds. */
export async function answerUntil(chat: Chat, done: (snapshot: IntakeSnapshot) => boolean, choose: (step: OptionsStep) => string = plainOption) {
  for (let turn = 0; turn < 100; turn += 1) {
    await settle()
    const snapshot = snapshotOf(chat)
    if (done(snapshot)) return
    const step = stepById(chat.flow, stepIdOf(snapshot))
    if (snapshot.status !== 'active' || substateOf(snapshot) !== 'waiting') throw new Error(`the chat stopped at ${JSON.stringify(snapshot.value)}`)
    if (step.type === 'options') chooseOption(chat, step, choose(step))
    else if (step.type === 'form') submitForm(chat, step)
    else throw new Error(`the driver cannot answer the ${step.type} step '${step.id}'`)
  }
  throw new Error('the chat never got there')
}

/** What the chat shows for a text of the flow, given the visitor's answers so far. */
export function rendered(chat: Chat, text: string, extra: Record<string, string> = {}): string {
  return renderTemplate(text, { ...chat.given, ...extra })
}

/**
 * Each message appears in turn, exactly when the flow's timings say: after its quiet wait, the
 * typing indicator for `timing.typing` ms (unless `typing: false`), then the message. `from` is
 * where the first one sits in the transcript (by default the next one to be posted); `extra` fills
 * placeholders beyond the visitor's answers.
 */
export async function expectSaidOnTime(
  chat: Chat,
  messages: readonly FlowMessage[],
  { from, extra = {} }: { from?: number; extra?: Record<string, string> } = {},
) {
  const typingMs = chat.flow.timing.typing ?? 0
  let index = from ?? transcriptOf(chat).length
  for (const message of messages) {
    const { wait, typing } = messageWait(chat.flow, message)
    const quiet = typing ? wait - typingMs : wait
    if (quiet > 0) {
      await vi.advanceTimersByTimeAsync(quiet - 1)
      expect(transcriptOf(chat)).toHaveLength(index)
      expect(snapshotOf(chat).context.typing).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
    }
    if (typing && typingMs > 0) {
      expect(snapshotOf(chat).context.typing).toBe(true)
      await vi.advanceTimersByTimeAsync(typingMs - 1)
      expect(transcriptOf(chat)).toHaveLength(index)
      await vi.advanceTimersByTimeAsync(1)
    }
    expect(shownMessage(transcriptOf(chat)[index])).toBe(rendered(chat, messageText(message), extra))
    index += 1
  }
}

/** The record the chat must save for what the visitor gave. */
export function expectedLead(chat: Chat): LeadPayload {
  const answers = Object.fromEntries(answerFields.map((field) => [field, chat.given[field] ?? '']))
  return {
    id: snapshotOf(chat).context.leadId,
    ...answers,
    reference_image: chat.given.reference_image || null,
    // A chat started here speaks the flow file's language.
    language: flowLanguage.code,
    ...expectedNotice(chat.flow, flowLanguage.code, chat.notice?.seenAt ?? '', chat.notice?.marketing ?? false),
    status: 'pending',
  } as LeadPayload
}
