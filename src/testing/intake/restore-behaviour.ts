import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { persistIntake, restoredIntakeSnapshot, resumeIntakeEvent } from '@/features/intake/machine/persist'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import {
  answerUntil,
  chooseOption,
  expectedLead,
  expectSaidOnTime,
  machineWithDoubles,
  settle,
  snapshotOf,
  startChat,
  submitForm,
  transcriptOf,
  waitingAt,
  type Chat,
  shownMessage,
} from './chat-driver'
import { optionParts, plainOption, stepById, type OptionsStep } from './flow-reading'
import { pickedSlot, stepIdOf } from './path-model'
import { consultationParts } from './timed-behaviour'

/** What the chat screen does on load: continue the stored chat (and resume it) or start afresh. */
function reopen(chat: Chat, stored: string | null, flowHash = chat.flow.hash): Chat {
  const machine = machineWithDoubles(chat.flow, chat.doubles)
  const snapshot = restoredIntakeSnapshot(machine, flowHash, stored)
  const actor = createActor(machine, snapshot ? { snapshot } : {}).start()
  if (snapshot) actor.send(resumeIntakeEvent)
  return { ...chat, actor }
}

function persisted(chat: Chat): string {
  const stored = persistIntake(chat.actor, chat.flow.hash)
  chat.actor.stop()
  return stored
}

/** A chat kept across a reload of the page, on the shipped machine of `flow` with simulated time. */
export function describeRestoredChats(flow: CheckedFlow, title: string) {
  const { lastForm, save, toUpload, upload, postSave, schedule } = consultationParts(flow)
  const isOptions = (id: string) => stepById(flow, id).type === 'options'

  describe(title, () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') }))
    afterEach(() => vi.useRealTimers())

    it('continues mid-chat with its answers, lead id and timers; another flow version or garbage starts afresh', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, (snapshot) => isOptions(stepIdOf(snapshot)) && waitingAt(stepIdOf(snapshot))(snapshot))
      const first = stepById(flow, stepIdOf(snapshotOf(chat))) as OptionsStep
      chooseOption(chat, first, plainOption(first))
      await settle()
      const second = stepById(flow, stepIdOf(snapshotOf(chat))) as OptionsStep
      const label = plainOption(second)
      chooseOption(chat, second, label)
      const leadId = snapshotOf(chat).context.leadId
      const stored = persisted(chat)

      const restored = reopen(chat, stored)
      if (first.answer) expect(snapshotOf(restored).context.answers[first.answer]).toBe(restored.given[first.answer])
      expect(snapshotOf(restored).context.leadId).toBe(leadId)
      const third = stepById(flow, second.options.map(optionParts).find((o) => o.label === label)?.next ?? second.next)
      await expectSaidOnTime(restored, third.say ?? [])

      expect(transcriptOf(reopen(chat, stored, 'another-hash'))).toHaveLength(1)
      for (const garbage of ['{', 'null', '{"flowHash":"x"}', JSON.stringify({ flowHash: flow.hash, snapshot: 42 })]) {
        expect(transcriptOf(reopen(chat, garbage))).toHaveLength(1)
      }
    })

    it('keeps a changed answer and the Edit buttons across reloads, even mid-edit; the saved lead has the change', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, (snapshot) => isOptions(stepIdOf(snapshot)) && waitingAt(stepIdOf(snapshot))(snapshot))
      const first = stepById(flow, stepIdOf(snapshotOf(chat))) as OptionsStep
      const before = plainOption(first)
      chooseOption(chat, first, before)
      await settle()
      const second = stepIdOf(snapshotOf(chat))
      chat.actor.send({ type: 'answer.edit', stepId: first.id })
      await settle()
      expect(transcriptOf(chat).at(-1)).toMatchObject({ stepId: first.id, currentOption: before })

      const midEdit = reopen(chat, persisted(chat))
      expect(waitingAt(first.id)(snapshotOf(midEdit))).toBe(true)
      const after = first.options.map(optionParts).find((o) => o.label !== before && !o.next && !o.skip && !o.do && !o.reply)?.label ?? before
      chooseOption(midEdit, first, after)
      await settle()
      const changed = renderTemplate(flow.chat.changed, { step: first.label ?? '', from: before, to: after })
      expect(transcriptOf(midEdit).filter((m) => shownMessage(m) === changed)).toHaveLength(after === before ? 0 : 1)
      expect(waitingAt(second)(snapshotOf(midEdit))).toBe(true)

      const restored = reopen(midEdit, persisted(midEdit))
      expect(snapshotOf(restored).can({ type: 'answer.edit', stepId: first.id })).toBe(true)
      await answerUntil(restored, waitingAt(lastForm.id))
      submitForm(restored, lastForm)
      await settle()
      expect(restored.doubles.saves).toEqual([expectedLead(restored)])
      if (first.answer) expect(restored.doubles.saves[0]?.[first.answer]).toBe(after)
      expect(snapshotOf(restored).can({ type: 'answer.edit', stepId: first.id })).toBe(false)
    })

    it('restored while saving, it saves again with the same lead id', async () => {
      const chat = startChat(flow)
      chat.doubles.saveResults = ['never']
      await answerUntil(chat, waitingAt(lastForm.id))
      submitForm(chat, lastForm)
      await vi.advanceTimersByTimeAsync(100)
      expect(snapshotOf(chat).value).toEqual({ [save.id]: 'saving' })
      const savesBeforeReload = chat.doubles.saves.length
      const restored = reopen(chat, persisted(chat))
      await expectSaidOnTime(restored, save.success.say ?? [])
      expect(chat.doubles.saves).toHaveLength(savesBeforeReload + 1)
      expect(new Set(chat.doubles.saves.map((lead) => lead.id))).toEqual(new Set([snapshotOf(chat).context.leadId]))
    })

    it('restored while uploading, it asks for the image again (the file itself is not stored)', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(toUpload.step.id))
      chooseOption(chat, toUpload.step, toUpload.option.label)
      await settle()
      chat.actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
      const restored = reopen(chat, persisted(chat))
      expect(snapshotOf(restored).value).toEqual({ [upload.id]: 'waiting' })
      expect(snapshotOf(restored).context.uploadStatus).toBe('idle')
      expect(snapshotOf(restored).context.panel).toEqual({ kind: 'upload', stepId: upload.id, texts: upload.area })
    })

    it('restored while booking, the card lets the visitor pick again', async () => {
      const chat = startChat(flow)
      await answerUntil(chat, waitingAt(postSave.id))
      chooseOption(chat, postSave, schedule.label)
      chat.doubles.bookingResults = ['never']
      chat.actor.send({ type: 'scheduler.book', ...pickedSlot })
      const restored = reopen(chat, persisted(chat))
      expect(snapshotOf(restored).value).toEqual({ [postSave.id]: 'scheduling' })
      expect(snapshotOf(restored).context.panel).toMatchObject({ kind: 'scheduler', status: 'picking' })
    })
  })
}
