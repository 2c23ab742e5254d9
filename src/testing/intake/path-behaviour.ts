import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { shownText } from '@/features/intake/flow/chat-language'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { answerFields } from '@/features/intake/flow/flow-vocabulary'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import type { LeadPayload } from '@/features/intake/lead/lead-payload'
import { linkUrl as openedUrl } from '@/features/intake/links/messaging-links'
import type { AnyIntakeEvent } from '@/features/intake/machine/intake-types'
import { shownPrivacy } from '@/features/intake/chat/shown-texts'
import { pageHref } from '@/features/intake/privacy/page-href'
import { errorCode } from '@/lib/api-error'
import { brand } from '@/lib/brand'
import { bookingRefusalText, keepOpenStep, linkAction, linkUrl, messageText, optionParts, specSaveErrorKind, stepById, type OptionsStep } from './flow-reading'
import {
  allSimplePaths,
  booking,
  bookingErrorCases,
  intakeTestModel,
  invalidFormValues,
  isSaveStart,
  saveErrorCases,
  stepIdOf,
  type IntakeSnapshot,
} from './path-model'
import { asksContact, expectedNotice, noticeSummary } from './notice-expectations'
import { expectRecordedAsRun, type ChatRun, type TimedRecord } from './recording-behaviour'
import { inFlowLanguage, shownAnswers, type TestLanguage } from './test-languages'
import { compileTestVariant } from './test-variant'

const optionsSteps = (flow: CheckedFlow) => flow.steps.filter((step): step is OptionsStep => step.type === 'options')

/** What the visitor's choices on a path must save, worked out from the events alone. */
function expectedLead(flow: CheckedFlow, events: AnyIntakeEvent[], id: string, language: string): LeadPayload {
  const answers: Record<string, string | null> = Object.fromEntries(answerFields.map((field) => [field, '']))
  const invalid = new Set(Object.values(invalidFormValues))
  let marketing = false
  for (const event of events) {
    if (event.type === 'option.choose') {
      const step = flow.steps.find((s) => s.id === event.stepId)
      const option = step?.type === 'options' ? step.options.map(optionParts).find((o) => o.label === event.label) : undefined
      if (step?.type === 'options' && step.answer && option) answers[step.answer] = option.skip ? '' : event.label
    }
    if (event.type === 'form.submit') {
      const values = event.values as Record<string, string>
      if (!Object.values(values).some((value) => invalid.has(value))) {
        for (const [key, value] of Object.entries(values)) answers[key] = value.trim()
        if (asksContact(stepById(flow, event.stepId))) marketing = event.marketing === true
      }
    }
    if (event.type === 'xstate.done.actor.uploadReferenceImage') answers.reference_image = event.output.path
  }
  // The time is the machine's clock when the name form was sent: any ISO time here, checked exactly by the timed tests.
  const notice = { ...expectedNotice(flow, language, '', marketing), notice_seen_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) }
  return { id, ...answers, reference_image: answers.reference_image || null, language, ...notice, status: 'pending' } as LeadPayload
}

function checkTranscript(snapshot: IntakeSnapshot) {
  snapshot.context.transcript.forEach((message, index) => {
    expect(message.id).toBe(`m${index + 1}`)
    expect(['bot', 'user']).toContain(message.type)
    if (message.selectedOption !== undefined) expect(message.options).toContain(message.selectedOption)
  })
}

/** The name form shows the notice in the visitor's language, its link, and the opt-in as the visitor last left it. */
function checkPrivacy(flow: CheckedFlow, language: TestLanguage, snapshot: IntakeSnapshot) {
  const { panel, marketing } = snapshot.context
  if (panel.kind !== 'form') return
  if (!asksContact(stepById(flow, panel.stepId))) return expect(panel.privacy).toBeUndefined()
  const shown = shownPrivacy(panel.privacy!, language.chat)
  expect(shown).toEqual({
    summary: noticeSummary(flow, language.flow, `+${brand.phone}`),
    link: language.flow.notice.privacy_link,
    href: pageHref('/privacy', language.chat),
    marketing: language.flow.notice.marketing,
    marketingChosen: marketing,
  })
}

function checkPanel(flow: CheckedFlow, snapshot: IntakeSnapshot) {
  const { panel } = snapshot.context
  const inner = JSON.stringify(snapshot.value)
  const step = flow.steps.find((s) => s.id === stepIdOf(snapshot))
  const expectedPanel =
    step?.type === 'form' && inner.includes('"waiting"')
      ? 'form'
      : step?.type === 'upload' && /"(waiting|uploading)"/.test(inner)
        ? 'upload'
        : /"(scheduling|booking|booked)"/.test(inner)
          ? 'scheduler'
          : 'none'
  expect(panel.kind).toBe(expectedPanel)
}

/**
 * Every simple path of `flow`, generated with createTestModel, run on its machine in `language`, with
 * every text the chat shows read from the flow as a visitor in that language reads it.
 */
export function describeEveryPath(flow: CheckedFlow, title: string, language: TestLanguage = inFlowLanguage(flow)) {
  const machine = compileTestVariant(flow)
  const save = language.flow.steps.find((step) => step.type === 'save')
  const upload = language.flow.steps.find((step) => step.type === 'upload')
  const postSave = keepOpenStep(flow)
  const endingOptions = optionsSteps(flow).flatMap((step) =>
    step.options.map(optionParts).filter((option) => option.next && stepById(flow, option.next).type === 'end'),
  )
  const skipLabels = optionsSteps(flow).flatMap((step) => step.options.map(optionParts).filter((option) => option.skip).map((o) => o.label))
  const summary = postSave.options.map(optionParts).find((option) => linkAction(option.do)?.after)
  const confirmation = language.flow.scheduler?.confirmation
  const shownOption = (stepId: string, label: string) => {
    const index = flow.steps.findIndex((step) => step.id === stepId)
    const [step, shown] = [flow.steps[index], language.flow.steps[index]]
    if (step?.type !== 'options' || shown?.type !== 'options') throw new Error(`'${stepId}' is not an options step`)
    return optionParts(shown.options[step.options.findIndex((option) => optionParts(option).label === label)]!).label
  }

  describe(title, () => {
    const started = performance.now()
    const paths = allSimplePaths(flow, machine)
    console.log(`${title}: ${paths.length} generated paths (generated in ${Math.round(performance.now() - started)} ms)`)
    const eventsOf = (path: (typeof paths)[number]) => path.steps.map((s) => s.event as AnyIntakeEvent)

    it('covers the branches: each way out, upload failure, every save and booking error, every post-save option', () => {
      const some = (predicate: (events: AnyIntakeEvent[]) => boolean) => paths.some((p) => predicate(eventsOf(p)))
      const chose = (label: string) => some((e) => e.some((x) => x.type === 'option.choose' && x.label === label))
      expect(paths.length).toBeGreaterThan(50)
      for (const option of endingOptions) expect(chose(option.label)).toBe(true)
      expect(some((e) => e.filter((x) => x.type === 'xstate.error.actor.uploadReferenceImage').length === 1)).toBe(true)
      for (const error of saveErrorCases) {
        expect(some((e) => e.some((x) => x.type === 'xstate.error.actor.saveLead' && x.error === error))).toBe(true)
      }
      for (const error of bookingErrorCases) {
        expect(some((e) => e.some((x) => x.type === 'xstate.error.actor.bookAppointment' && x.error === error))).toBe(true)
      }
      for (const option of postSave.options.map(optionParts)) expect(chose(option.label)).toBe(true)
      for (const label of new Set(skipLabels)) expect(chose(label)).toBe(true)
      expect(some((e) => e.some((x) => x.type === 'xstate.done.actor.bookAppointment'))).toBe(true)
    })

    it.each(paths.map((path, index) => [index + 1, path] as const))(
      `runs path %i of ${paths.length} on the machine: states, transcript, panel, saved payload, links, texts, recording`,
      async (_, path) => {
        const saves: LeadPayload[] = []
        const links: string[] = []
        const records: TimedRecord[] = []
        const run: ChatRun = { start: undefined as unknown as IntakeSnapshot, turns: [] }
        let sent = 0
        const actor = createActor(
          machine.provide({
            actions: {
              actorStarted: (_, params) => {
                if (params.src === 'saveLead') saves.push((params.input as { lead: LeadPayload }).lead)
              },
              openLink: (_, params) => void links.push(params.link ? openedUrl(params.link, language.chat) : ''),
              record: (_, event) => void records.push({ ...event, turn: sent }),
            },
          }),
        ).start()
        actor.send({ type: 'language.set', language: language.chat.code })
        run.start = actor.getSnapshot()
        const send = ({ event }: { event: AnyIntakeEvent }) => {
          sent += 1
          actor.send(event)
          run.turns.push({ event, after: actor.getSnapshot() })
        }
        await path.test({
          events: Object.fromEntries(path.steps.map((s) => [s.event.type, send])),
          states: {
            '*': (expected) => {
              expect(actor.getSnapshot().value).toEqual(expected.value)
              checkPanel(flow, actor.getSnapshot())
              checkPrivacy(flow, language, actor.getSnapshot())
            },
          },
        })
        const events = eventsOf(path)
        const { context } = actor.getSnapshot()
        const ended = JSON.stringify(actor.getSnapshot().value)
        checkTranscript(actor.getSnapshot())
        expectRecordedAsRun(flow, run, records, language.chat.code)
        const lead = expectedLead(flow, events, context.leadId, language.chat.code)
        const values = shownAnswers(flow, language, lead as unknown as Record<string, string>)
        for (const saved of saves) expect(saved).toEqual(lead)
        expect(new Set(saves.map((s) => s.id)).size).toBeLessThanOrEqual(1)

        const contents = context.transcript.map((m) => shownText(m.text, language.chat))
        for (const option of endingOptions) {
          if (!events.some((e) => e.type === 'option.choose' && e.label === option.label)) continue
          expect(saves).toEqual([])
          expect(actor.getSnapshot().status).toBe('done')
          const link = linkAction(option.do)
          if (link) expect(links[0]).toBe(linkUrl(language.flow, link.link, values))
        }
        for (const event of events) {
          if (event.type === 'xstate.error.actor.saveLead' && save?.type === 'save') {
            expect(contents).toContain(save.failure.messages[specSaveErrorKind(errorCode(event.error))])
          }
          if (event.type === 'option.choose') {
            const asked = context.transcript.filter((m) => m.stepId === event.stepId && m.options?.includes(event.label))
            expect(asked.some((m) => m.selectedOption === event.label || m.optionsStayOpen === true)).toBe(true)
          }
        }
        if (upload?.type === 'upload') {
          if (events.some((e) => e.type === 'xstate.error.actor.uploadReferenceImage')) expect(contents).toContain(upload.messages.failure)
          if (events.some((e) => e.type === 'xstate.done.actor.uploadReferenceImage')) expect(contents).toContain(upload.messages.success)
        }
        if (save?.type === 'save' && events.some((e) => e.type === 'xstate.done.actor.saveLead')) {
          for (const message of save.success.say ?? []) expect(contents).toContain(renderTemplate(messageText(message), values))
        }
        const waiting = ended === JSON.stringify({ [postSave.id]: 'waiting' })
        const summaryLink = linkAction(summary?.do)
        if (summary && summaryLink && waiting && events.some((e) => e.type === 'option.choose' && e.label === summary.label)) {
          expect(links).toContain(linkUrl(language.flow, summaryLink.link, values))
        }
        for (const { event, after } of run.turns) {
          if (event.type !== 'xstate.error.actor.bookAppointment' || after.context.panel.kind !== 'scheduler') continue
          const textKey = bookingRefusalText(errorCode(event.error))
          expect(after.context.panel.refusal).toBe(textKey)
          const card = language.flow.scheduler?.card
          if (textKey && card) expect(shownText(after.context.panel.texts[textKey], language.chat)).toBe(renderTemplate(card[textKey], values))
        }
        if (confirmation && waiting && events.some((e) => e.type === 'xstate.done.actor.bookAppointment')) {
          expect(contents.at(-1)).toBe(renderTemplate(messageText(confirmation), { ...values, ...booking, date: language.slotDates[booking.day] ?? booking.date }))
        }
        actor.stop()
      },
    )
  })

  describe(`${title}: each option of each step, one by one`, () => {
    const model = intakeTestModel(flow, machine)
    const steps = optionsSteps(flow)

    // The generated paths leave the opt-in unticked; here the shortest way to the save, unticked and ticked.
    it.each([false, true])('the name form sent with the opt-in ticked: %s; recorded with the notice and saved with the lead', (optedIn) => {
      const [path] = model.getShortestPaths({ toState: (s) => isSaveStart(flow, s) })
      expect(path).toBeDefined()
      const saves: LeadPayload[] = []
      const records: TimedRecord[] = []
      let sent = 0
      const actor = createActor(
        machine.provide({
          actions: {
            actorStarted: (_, params) => void (params.src === 'saveLead' && saves.push((params.input as { lead: LeadPayload }).lead)),
            record: (_, event) => void records.push({ ...event, turn: sent }),
          },
        }),
      ).start()
      actor.send({ type: 'language.set', language: language.chat.code })
      const run: ChatRun = { start: actor.getSnapshot(), turns: [] }
      for (const { event } of path?.steps.slice(1) ?? []) {
        const step = event.type === 'form.submit' ? stepById(flow, event.stepId) : undefined
        const given = (step && asksContact(step) ? { ...event, marketing: optedIn } : event) as AnyIntakeEvent
        sent += 1
        actor.send(given)
        run.turns.push({ event: given, after: actor.getSnapshot() })
      }
      const { context } = actor.getSnapshot()
      expect(context.marketing).toBe(optedIn)
      expectRecordedAsRun(flow, run, records, language.chat.code)
      expect(saves).toEqual([expectedLead(flow, run.turns.map((turn) => turn.event), context.leadId, language.chat.code)])
      expect(saves[0]?.whatsapp_marketing).toBe(optedIn)
      actor.stop()
    })

    it.each(steps.map((step) => [step.id, step] as const))('%s: every option is recorded, ticked and echoed', (stepId, step) => {
      const [path] = model.getShortestPaths({ toState: (s) => JSON.stringify(s.value) === JSON.stringify({ [stepId]: 'waiting' }) })
      expect(path).toBeDefined()
      for (const option of step.options.map(optionParts)) {
        const actor = createActor(machine).start()
        actor.send({ type: 'language.set', language: language.chat.code })
        for (const { event } of path?.steps.slice(1) ?? []) actor.send(event as AnyIntakeEvent)
        actor.send({ type: 'option.choose', stepId, label: option.label })
        const { context } = actor.getSnapshot()
        if (step.answer) expect(context.answers[step.answer]).toBe(option.skip ? '' : option.label)
        const asked = context.transcript.findLast((m) => m.stepId === stepId && m.options)
        expect(asked?.options).toEqual(step.options.map((o) => optionParts(o).label))
        expect(asked?.selectedOption).toBe(option.label)
        expect(asked?.optionsStayOpen).toBe(step.keep_open ? true : undefined)
        expect(context.transcript.at(-1)).toMatchObject({ type: 'user', stepId })
        expect(shownText(context.transcript.at(-1)!.text, language.chat)).toBe(shownOption(stepId, option.label))
        expect(asked?.options?.map((label) => shownText({ text: label }, language.chat))).toEqual(asked?.options?.map((label) => shownOption(stepId, label)))
        actor.stop()
      }
    })
  })
}
