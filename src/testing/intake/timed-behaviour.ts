import { flowLanguage, shownText } from '@/features/intake/flow/chat-language'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CheckedFlow, FlowStep } from '@/features/intake/flow/flow.schema'
import { shownPrivacy } from '@/features/intake/chat/shown-texts'
import { ApiError } from '@/lib/api-error'
import { brand } from '@/lib/brand'
import {
  answerUntil,
  bookedSlot,
  chooseOption,
  expectedLead,
  expectSaidOnTime,
  lastText,
  rendered,
  settle,
  snapshotOf,
  startChat,
  submitForm,
  transcriptOf,
  uploadedPath,
  waitingAt,
} from './chat-driver'
import { asksContact, noticeSummary } from './notice-expectations'
import {
  bookingRefusalText,
  findOption,
  keepOpenStep,
  linkAction,
  linkUrl,
  optionParts,
  plainOption,
  specSaveErrorKind,
  stepById,
  stepOfType,
  trackedEvents,
  type OptionsStep,
} from './flow-reading'
import { bookingErrorCases, invalidFormValues, pickedSlot } from './path-model'

const labelsOf = (step: OptionsStep) => step.options.map((option) => optionParts(option).label)

/** The parts of a consultation-shaped flow its timed checks use, found by structure. */
export function consultationParts(flow: CheckedFlow) {
  const start = stepById(flow, flow.start) as FlowStep & { type: 'message' }
  const firstForm = stepById(flow, start.next) as FlowStep & { type: 'form' }
  const save = stepOfType(flow, 'save')
  const lastForm = flow.steps.find((step): step is FlowStep & { type: 'form' } => step.type === 'form' && step.next === save.id)
  if (!lastForm) throw new Error('no form leads to the save step')
  const upload = stepOfType(flow, 'upload')
  const postSave = keepOpenStep(flow)
  const postSaveOption = (matches: (option: ReturnType<typeof optionParts>) => boolean) => {
    const option = postSave.options.map(optionParts).find(matches)
    if (!option) throw new Error(`no such option in '${postSave.id}'`)
    return option
  }
  const isWhatsApp = (name: string | undefined) => name !== undefined && 'whatsapp' in (flow.links?.[name] ?? {})
  return {
    start,
    firstForm,
    save,
    lastForm,
    upload,
    postSave,
    toUpload: findOption(flow, (option) => option.next === upload.id),
    chatFirst: findOption(flow, (option) => !!linkAction(option.do) && !!option.next && stepById(flow, option.next).type === 'end'),
    whatsApp: postSaveOption((option) => isWhatsApp(linkAction(option.do)?.link)),
    call: postSaveOption((option) => !!linkAction(option.do) && !isWhatsApp(linkAction(option.do)?.link)),
    schedule: postSaveOption((option) => option.do?.some((action) => action.action === 'open_scheduler') ?? false),
  }
}

/** The shipped machine of `flow` with simulated time: every text, option and wait read from that flow. */
export function describeTimedBehaviour(flow: CheckedFlow, title: string) {
  const parts = consultationParts(flow)
  const { start, firstForm, save, lastForm, upload, postSave, toUpload, chatFirst, whatsApp, call, schedule } = parts

  describe(title, () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') }))
    afterEach(() => vi.useRealTimers())

    it('greets, then asks for the first form, each message on time', async () => {
      const chat = startChat(flow)
      await expectSaidOnTime(chat, [...(start.say ?? []), ...(firstForm.say ?? [])], { from: 0 })
      const { panel } = snapshotOf(chat).context
      expect(panel).toEqual({
        kind: 'form',
        stepId: firstForm.id,
        submitLabel: firstForm.submit,
        fields: firstForm.fields,
        ...(firstForm.notice === undefined ? {} : { notice: firstForm.notice }),
        ...(asksContact(firstForm) ? { privacy: expect.objectContaining({ link: flow.notice.privacy_link, marketing: flow.notice.marketing, marketingChosen: false }) } : {}),
      })
      if (panel.kind === 'form' && panel.privacy) {
        expect(shownPrivacy(panel.privacy, flowLanguage).summary).toBe(noticeSummary(flow, flow, `+${brand.phone}`))
      }
    })

    it("the name form's notice and ticked opt-in are recorded when it is sent, and saved with the lead with its time and language", async () => {
      const contactForm = flow.steps.find(asksContact)
      if (contactForm?.type !== 'form') throw new Error('the flow has no form asking for name and phone')
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(contactForm.id))
      await vi.advanceTimersByTimeAsync(60_000)
      submitForm(chat, contactForm, true)
      const sent = new Date().toISOString()
      expect(chat.doubles.records.filter((r) => r.type === 'notice.shown' || r.type === 'marketing.chosen')).toEqual([
        { type: 'notice.shown', noticeVersion: flow.notice.version, noticeLanguage: flowLanguage.code, sessionId: snapshotOf(chat).context.sessionId },
        { type: 'marketing.chosen', optedIn: true, sessionId: snapshotOf(chat).context.sessionId },
      ])
      await answerUntil(chat, waitingAt(lastForm.id))
      submitForm(chat, lastForm)
      await vi.advanceTimersByTimeAsync(0)
      expect(chat.doubles.saves).toEqual([expectedLead(chat)])
      expect(chat.doubles.saves[0]).toMatchObject({ notice_seen_at: sent, notice_language: flowLanguage.code, whatsapp_marketing: true })
    })

    it('refuses a form that breaks a rule; echoes a valid one, replies and asks on, on time', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(firstForm.id))
      const shown = transcriptOf(chat).length
      chat.actor.send({ type: 'form.submit', stepId: firstForm.id, values: invalidFormValues })
      expect(snapshotOf(chat).context.panel.kind).toBe('form')
      expect(transcriptOf(chat)).toHaveLength(shown)
      submitForm(chat, firstForm)
      if (firstForm.echo) expect(lastText(chat)).toBe(rendered(chat, firstForm.echo))
      expect(snapshotOf(chat).context.panel.kind).toBe('none')
      const next = stepById(flow, firstForm.next)
      await expectSaidOnTime(chat, [...(firstForm.reply ?? []), ...(next.say ?? [])])
      if (next.type === 'options') expect(transcriptOf(chat).at(-1)?.options).toEqual(labelsOf(next))
    })

    it('an option that opens WhatsApp and ends the chat opens it at once and saves nothing', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(chatFirst.step.id))
      chooseOption(chat, chatFirst.step, chatFirst.option.label)
      const link = linkAction(chatFirst.option.do)
      if (link && !link.after) expect(chat.doubles.links).toEqual([linkUrl(flow, link.link, chat.given)])
      await settle()
      expect(chat.doubles.links).toEqual([linkUrl(flow, link?.link ?? '', chat.given)])
      expect(chat.doubles.pixels).toEqual(trackedEvents(chatFirst.option.do))
      expect(snapshotOf(chat).status).toBe('done')
      expect(chat.doubles.saves).toEqual([])
    })

    it('saves the answers once while typing, thanks on time, then offers the post-save options on time', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(lastForm.id))
      submitForm(chat, lastForm)
      expect(snapshotOf(chat).context.typing).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(chat.doubles.saves).toEqual([expectedLead(chat)])
      await expectSaidOnTime(chat, [...(save.success.say ?? []), ...(postSave.say ?? [])])
      expect(chat.doubles.pixels).toEqual(trackedEvents(save.success.do))
      const offer = transcriptOf(chat).at(-1)
      expect(offer?.options).toEqual(labelsOf(postSave))
      expect(offer?.optionsStayOpen).toBe(true)
    })

    it('the post-save options stay usable: WhatsApp after its wait, the call, and the scheduler that books and confirms on time', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(postSave.id))
      const pixels = [...chat.doubles.pixels]
      const whatsAppLink = linkAction(whatsApp.do)
      chooseOption(chat, postSave, whatsApp.label)
      await expectSaidOnTime(chat, whatsApp.reply ?? [])
      const redirect = flow.timing[whatsAppLink?.after ?? ''] ?? 0
      if (redirect > 0) {
        await vi.advanceTimersByTimeAsync(redirect - 1)
        expect(chat.doubles.links).toEqual([])
      }
      await vi.advanceTimersByTimeAsync(1)
      expect(chat.doubles.links).toEqual([linkUrl(flow, whatsAppLink?.link ?? '', chat.given)])

      chooseOption(chat, postSave, call.label)
      await expectSaidOnTime(chat, call.reply ?? [])
      await settle()
      expect(chat.doubles.links.at(-1)).toBe(linkUrl(flow, linkAction(call.do)?.link ?? '', chat.given))

      chooseOption(chat, postSave, schedule.label)
      const card = flow.scheduler?.card
      expect(snapshotOf(chat).context.panel).toMatchObject({ kind: 'scheduler', status: 'picking', refusal: null })
      const cardText = (key: 'title' | 'booked') => {
        const { panel } = snapshotOf(chat).context
        return panel.kind === 'scheduler' ? shownText(panel.texts[key], flowLanguage) : undefined
      }
      expect(cardText('title')).toBe(rendered(chat, card?.title ?? ''))
      chat.actor.send({ type: 'scheduler.book', ...pickedSlot })
      expect(snapshotOf(chat).context.panel).toMatchObject({ kind: 'scheduler', status: 'booking' })
      await vi.advanceTimersByTimeAsync(0)
      expect(chat.doubles.bookings).toEqual([{ leadId: snapshotOf(chat).context.leadId, ...pickedSlot }])
      expect(snapshotOf(chat).context.panel).toMatchObject({ kind: 'scheduler', status: 'booked' })
      expect(cardText('booked')).toBe(rendered(chat, card?.booked ?? '', { ...bookedSlot }))
      const confirmation = flow.scheduler?.confirmation
      await expectSaidOnTime(chat, confirmation ? [confirmation] : [], { extra: { ...bookedSlot } })
      expect(snapshotOf(chat).context.panel).toEqual({ kind: 'none' })
      expect(chat.doubles.pixels).toEqual([
        ...pixels,
        ...trackedEvents(whatsApp.do),
        ...trackedEvents(call.do),
        ...trackedEvents(schedule.do),
        ...trackedEvents(flow.scheduler?.do),
      ])

      chooseOption(chat, postSave, schedule.label)
      chat.actor.send({ type: 'scheduler.close' })
      expect(snapshotOf(chat).context.panel).toEqual({ kind: 'none' })
    })

    it.each(bookingErrorCases.map((error) => [error.code, error] as const))(
      'a booking refused with %s keeps the card open, says why when the card has a text for it, and posts nothing',
      async (code, error) => {
        const chat = startChat(flow)
        await answerUntil(chat, waitingAt(postSave.id))
        chooseOption(chat, postSave, schedule.label)
        const shown = transcriptOf(chat).length
        const textKey = bookingRefusalText(code)
        const card = flow.scheduler?.card
        chat.doubles.bookingResults = [error, new Error('fetch failed')]
        chat.actor.send({ type: 'scheduler.book', ...pickedSlot })
        await vi.advanceTimersByTimeAsync(0)
        const { panel } = snapshotOf(chat).context
        expect(panel).toMatchObject({ kind: 'scheduler', status: 'picking', refusal: textKey, refusals: textKey ? 1 : 0 })
        if (textKey && panel.kind === 'scheduler') expect(shownText(panel.texts[textKey], flowLanguage)).toBe(rendered(chat, card?.[textKey] ?? ''))
        chat.actor.send({ type: 'scheduler.book', ...pickedSlot })
        await vi.advanceTimersByTimeAsync(0)
        expect(snapshotOf(chat).context.panel).toMatchObject({ kind: 'scheduler', status: 'picking', refusal: null, refusals: textKey ? 1 : 0 })
        expect(transcriptOf(chat)).toHaveLength(shown)
      },
    )

    it('a failed save posts the message for its code on time; a retry reuses the same lead id', async () => {
      const chat = startChat(flow)
      chat.doubles.saveResults = [new ApiError('23505', 'duplicate key value violates unique constraint'), new Error('fetch failed')]
      await answerUntil(chat, waitingAt(lastForm.id))
      submitForm(chat, lastForm)
      await expectSaidOnTime(chat, [save.failure.messages[specSaveErrorKind('23505')]])
      expect(transcriptOf(chat).at(-1)?.options).toEqual([save.failure.retry])
      chat.actor.send({ type: 'save.retry' })
      await expectSaidOnTime(chat, [save.failure.messages[specSaveErrorKind('')]])
      chat.actor.send({ type: 'option.choose', stepId: save.id, label: save.failure.retry })
      await expectSaidOnTime(chat, save.success.say ?? [])
      expect(chat.doubles.saves).toHaveLength(3)
      expect(new Set(chat.doubles.saves.map((lead) => lead.id))).toEqual(new Set([snapshotOf(chat).context.leadId]))
    })

    it('upload: a failure says so and lets the visitor try again; success records the path and asks on, on time', async () => {
      const chat = startChat(flow)
      chat.doubles.uploadResults = [new Error('Network error'), 'ok']
      await answerUntil(chat, waitingAt(toUpload.step.id))
      chooseOption(chat, toUpload.step, toUpload.option.label)
      await expectSaidOnTime(chat, [...(toUpload.option.reply ?? []), ...(upload.say ?? [])])
      expect(snapshotOf(chat).context.panel).toEqual({ kind: 'upload', stepId: upload.id, texts: upload.area })
      chat.actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
      expect(snapshotOf(chat).context.uploadStatus).toBe('uploading')
      expect(lastText(chat)).toBe(upload.messages.uploading)
      await vi.advanceTimersByTimeAsync(0)
      expect(snapshotOf(chat).context.uploadStatus).toBe('error')
      expect(lastText(chat)).toBe(upload.messages.failure)
      expect(snapshotOf(chat).context.panel.kind).toBe('upload')
      chat.actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
      await vi.advanceTimersByTimeAsync(0)
      expect(snapshotOf(chat).context.uploadStatus).toBe('success')
      expect(lastText(chat)).toBe(upload.messages.success)
      expect(snapshotOf(chat).context.answers.reference_image).toBe(uploadedPath)
      await expectSaidOnTime(chat, stepById(flow, upload.next).say ?? [])
    })

    it('ignores options of another step, unknown labels and an upload without a file', async () => {
      const chat = startChat(flow)
      const asked = firstForm.next ? stepById(flow, firstForm.next) : undefined
      await answerUntil(chat, waitingAt(asked?.id ?? ''))
      const other = flow.steps.find((step): step is OptionsStep => step.type === 'options' && step.id !== asked?.id)
      const before = snapshotOf(chat)
      if (other) chat.actor.send({ type: 'option.choose', stepId: other.id, label: plainOption(other) })
      chat.actor.send({ type: 'option.choose', stepId: asked?.id ?? '', label: 'Diwali<script>' })
      chat.actor.send({ type: 'upload.submit', file: 'not a file' as unknown as Blob })
      expect(snapshotOf(chat).value).toEqual(before.value)
      expect(transcriptOf(chat)).toEqual(before.context.transcript)
    })
  })
}
