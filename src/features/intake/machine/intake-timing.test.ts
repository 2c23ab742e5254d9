import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { LeadPayload } from '../lead/lead-payload'
import { consultationFlow } from '../testing/consultation-flow'
import { compileFlow } from './compile-flow'
import { persistIntake, restoredIntakeSnapshot, resumeIntakeEvent } from './persist'

const flow = consultationFlow

/** What the chat screen does on load: continue the stored chat (and resume it) or start afresh. */
function reopen(machine: ReturnType<typeof compileFlow>, flowHash: string, stored: string | null) {
  const snapshot = restoredIntakeSnapshot(machine, flowHash, stored)
  const actor = createActor(machine, snapshot ? { snapshot } : {}).start()
  if (snapshot) actor.send(resumeIntakeEvent)
  return actor
}

interface Doubles {
  saves: LeadPayload[]
  links: string[]
  pixels: string[]
  saveResults: (Error | { code: string; message: string } | 'ok' | 'never')[]
  uploadResults: ('ok' | 'fail')[]
}

function realMachine(doubles: Doubles) {
  return compileFlow(flow).provide({
    actions: {
      openLink: (_, { url }) => void doubles.links.push(url),
      trackPixel: (_, { event }) => void doubles.pixels.push(event),
    },
    actors: {
      saveLead: fromPromise(async ({ input }) => {
        doubles.saves.push(input.lead)
        const result = doubles.saveResults.shift() ?? 'ok'
        if (result === 'never') await new Promise(() => {})
        if (result !== 'ok') throw result
      }),
      uploadReferenceImage: fromPromise(async () => {
        if ((doubles.uploadResults.shift() ?? 'ok') === 'fail') throw new Error('Network error')
        return { path: '1732190000000.png' }
      }),
    },
  })
}

const newDoubles = (): Doubles => ({ saves: [], links: [], pixels: [], saveResults: [], uploadResults: [] })

function start(doubles: Doubles) {
  return createActor(realMachine(doubles)).start()
}

type Actor = ReturnType<typeof start>
const last = (actor: Actor) => actor.getSnapshot().context.transcript.at(-1)?.content
const count = (actor: Actor) => actor.getSnapshot().context.transcript.length

async function choose(actor: Actor, stepId: string, label: string) {
  actor.send({ type: 'option.choose', stepId, label })
  await vi.advanceTimersByTimeAsync(1500)
}

async function toOccasion(actor: Actor) {
  await vi.advanceTimersByTimeAsync(2000)
  actor.send({ type: 'form.submit', stepId: 'name_form', values: { name: 'Arjun Mehta', phone: '9123456780' } })
  await vi.advanceTimersByTimeAsync(3000)
}

async function toSave(actor: Actor) {
  await toOccasion(actor)
  await choose(actor, 'occasion', 'Anniversary')
  await choose(actor, 'product_type', 'Necklace')
  await choose(actor, 'budget_range', '₹1L – ₹2.5L')
  await choose(actor, 'design_preference', 'Expert Suggestions')
  await choose(actor, 'advanced_filters', 'Rose Gold')
  await choose(actor, 'gold_carat', 'Skip this step')
  await choose(actor, 'stone_type', 'Moissanite')
  await choose(actor, 'diamond_shape', 'Skip this step')
  await choose(actor, 'timeline', 'Flexible')
  actor.send({ type: 'form.submit', stepId: 'final_details', values: { city: ' Bengaluru ', email: 'arjun@example.com' } })
}

describe('the shipped machine with simulated time and test doubles for save and upload', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') }))
  afterEach(() => vi.useRealTimers())

  it('shows the welcome at once, types for 1.5 s, and shows the name prompt about 2 s after the welcome', async () => {
    const actor = start(newDoubles())
    expect(count(actor)).toBe(1)
    expect(last(actor)).toMatch(/^Namaste and welcome!/)
    expect(actor.getSnapshot().context.typing).toBe(false)
    await vi.advanceTimersByTimeAsync(499)
    expect(actor.getSnapshot().context.typing).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.typing).toBe(true)
    await vi.advanceTimersByTimeAsync(1499)
    expect(count(actor)).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(last(actor)).toBe('To begin, may I have your name and phone number?')
    expect(actor.getSnapshot().context.typing).toBe(false)
    expect(actor.getSnapshot().context.panel).toEqual({
      kind: 'form',
      stepId: 'name_form',
      submitLabel: 'Continue',
      fields: [
        { id: 'name', label: 'Full Name', placeholder: 'Enter your full name' },
        { id: 'phone', label: 'Phone Number', placeholder: '10-digit mobile number' },
      ],
    })
  })

  it('refuses a name form that fails validation, then greets by name and asks the occasion 1.5 s later', async () => {
    const actor = start(newDoubles())
    await vi.advanceTimersByTimeAsync(2000)
    actor.send({ type: 'form.submit', stepId: 'name_form', values: { name: 'A1', phone: '123' } })
    expect(actor.getSnapshot().context.panel.kind).toBe('form')
    expect(count(actor)).toBe(2)
    actor.send({ type: 'form.submit', stepId: 'name_form', values: { name: ' Arjun Mehta ', phone: '9123456780' } })
    expect(last(actor)).toBe('Arjun Mehta, 9123456780')
    expect(actor.getSnapshot().context.panel.kind).toBe('none')
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toBe('Lovely to meet you, Arjun Mehta! 😊')
    await vi.advanceTimersByTimeAsync(1499)
    expect(last(actor)).toBe('Lovely to meet you, Arjun Mehta! 😊')
    await vi.advanceTimersByTimeAsync(1)
    expect(last(actor)).toBe("What's the special occasion?")
  })

  it('chat first: opens WhatsApp with the greeting and ends without saving', async () => {
    const doubles = newDoubles()
    const actor = start(doubles)
    await toOccasion(actor)
    await choose(actor, 'occasion', 'Birthday/Gift')
    await choose(actor, 'product_type', 'Ring')
    await choose(actor, 'budget_range', "💬 I'd prefer to chat first")
    expect(doubles.links).toEqual([
      `https://wa.me/919876543210?text=${encodeURIComponent("Hi! I'd love to chat about a bespoke jewellery piece before deciding on a budget.")}`,
    ])
    expect(doubles.pixels).toEqual(['Contact'])
    expect(actor.getSnapshot().status).toBe('done')
    expect(doubles.saves).toEqual([])
  })

  it('saves once, shows the thank-you, and offers the three options about 2 s later', async () => {
    const doubles = newDoubles()
    const actor = start(doubles)
    await toSave(actor)
    expect(actor.getSnapshot().context.typing).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(doubles.saves).toEqual([
      {
        id: actor.getSnapshot().context.leadId,
        name: 'Arjun Mehta',
        phone: '9123456780',
        email: 'arjun@example.com',
        city: 'Bengaluru',
        occasion: 'Anniversary',
        product_type: 'Necklace',
        budget_range: '₹1L – ₹2.5L',
        design_preference: 'Expert Suggestions',
        metal_choice: 'Rose Gold',
        gold_carat: '',
        stone_type: 'Moissanite',
        diamond_shape: '',
        timeline: 'Flexible',
        reference_image: null,
        status: 'pending',
      },
    ])
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toMatch(/^Thank you, Arjun Mehta! 🙏/)
    expect(doubles.pixels).toEqual(['Lead'])
    await vi.advanceTimersByTimeAsync(1999)
    expect(last(actor)).toMatch(/^Thank you/)
    await vi.advanceTimersByTimeAsync(1)
    const offer = actor.getSnapshot().context.transcript.at(-1)
    expect(offer?.options).toEqual(['🟢 Continue on WhatsApp', '📅 Schedule a Call', '📞 Call Now'])
    expect(offer?.optionsStayOpen).toBe(true)
  })

  it('WhatsApp opens 1 s after the redirect message; the options stay usable for Call Now and the scheduler', async () => {
    const doubles = newDoubles()
    const actor = start(doubles)
    await toSave(actor)
    await vi.advanceTimersByTimeAsync(3500)
    actor.send({ type: 'option.choose', stepId: 'next_steps', label: '🟢 Continue on WhatsApp' })
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toBe('Taking you to WhatsApp with your consultation details...')
    await vi.advanceTimersByTimeAsync(999)
    expect(doubles.links).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(doubles.links[0]).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(
        "Hi! I've just completed my jewellery consultation.\nOccasion: Anniversary\nProduct: Necklace\nBudget: ₹1L – ₹2.5L\nDesign: Expert Suggestions\nTimeline: Flexible",
      )}`,
    )
    actor.send({ type: 'option.choose', stepId: 'next_steps', label: '📞 Call Now' })
    await vi.advanceTimersByTimeAsync(1500)
    expect(doubles.links.at(-1)).toBe('tel:+919876543210')
    actor.send({ type: 'option.choose', stepId: 'next_steps', label: '📅 Schedule a Call' })
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'scheduler' })
    actor.send({ type: 'scheduler.booked', date: 'Tuesday, 24 November 2026', time: '3:00 PM' })
    await vi.advanceTimersByTimeAsync(1499)
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'scheduler' })
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'none' })
    expect(last(actor)).toBe('Perfect! Your appointment is confirmed for Tuesday, 24 November 2026 at 3:00 PM. Thanks Arjun Mehta!')
    expect(doubles.pixels).toEqual(['Lead', 'Contact', 'Contact', 'CompleteRegistration'])
    actor.send({ type: 'option.choose', stepId: 'next_steps', label: '📅 Schedule a Call' })
    actor.send({ type: 'scheduler.close' })
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'none' })
  })

  it('a failed save posts the spec message for its code; save.retry reuses the same lead id', async () => {
    const doubles = newDoubles()
    doubles.saveResults = [{ code: '23505', message: 'duplicate key value violates unique constraint' }, new Error('fetch failed')]
    const actor = start(doubles)
    await toSave(actor)
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toBe('It looks like your information was already submitted. Please contact us directly if you need assistance.')
    expect(actor.getSnapshot().context.transcript.at(-1)?.options).toEqual(['🔄 Try again'])
    actor.send({ type: 'save.retry' })
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toBe('Sorry, there was an unexpected error. Please try again or contact us directly.')
    actor.send({ type: 'option.choose', stepId: 'completion', label: '🔄 Try again' })
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toMatch(/^Thank you, Arjun Mehta!/)
    expect(doubles.saves).toHaveLength(3)
    expect(new Set(doubles.saves.map((lead) => lead.id))).toEqual(new Set([actor.getSnapshot().context.leadId]))
  })

  it('upload: failure shows the message and lets the visitor try again; success goes on to the metal question', async () => {
    const doubles = newDoubles()
    doubles.uploadResults = ['fail', 'ok']
    const actor = start(doubles)
    await toOccasion(actor)
    await choose(actor, 'occasion', 'Festival')
    await choose(actor, 'product_type', 'Bangles')
    await choose(actor, 'budget_range', 'Up to ₹50,000')
    await choose(actor, 'design_preference', 'Upload Reference Image')
    expect(actor.getSnapshot().context.panel).toEqual({ kind: 'upload', stepId: 'reference_upload' })
    actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
    expect(actor.getSnapshot().context.uploadStatus).toBe('uploading')
    expect(last(actor)).toBe('📤 Uploading your file, please wait...')
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.uploadStatus).toBe('error')
    expect(last(actor)).toBe('❌ Upload failed. Please try again.')
    expect(actor.getSnapshot().context.panel.kind).toBe('upload')
    actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.uploadStatus).toBe('success')
    expect(last(actor)).toBe('✅ File uploaded successfully')
    expect(actor.getSnapshot().context.answers.reference_image).toBe('1732190000000.png')
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(actor)).toBe('A few details help us get it just right. Which metal do you prefer?')
  })

  it('ignores options of another step, unknown labels and a submit without a file', async () => {
    const actor = start(newDoubles())
    await toOccasion(actor)
    const before = actor.getSnapshot()
    actor.send({ type: 'option.choose', stepId: 'product_type', label: 'Ring' })
    actor.send({ type: 'option.choose', stepId: 'occasion', label: 'Diwali<script>' })
    actor.send({ type: 'upload.submit', file: 'not a file' as unknown as Blob })
    expect(actor.getSnapshot().value).toEqual(before.value)
    expect(actor.getSnapshot().context.transcript).toEqual(before.context.transcript)
  })

  it('persists mid-chat and continues after a restore, timers included; another flow version starts afresh', async () => {
    const doubles = newDoubles()
    const actor = start(doubles)
    await toOccasion(actor)
    await choose(actor, 'occasion', 'Baby Shower')
    actor.send({ type: 'option.choose', stepId: 'product_type', label: 'Pendant' })
    const stored = persistIntake(actor, flow.hash)
    actor.stop()

    const restored = reopen(realMachine(doubles), flow.hash, stored)
    expect(restored.getSnapshot().context.answers.occasion).toBe('Baby Shower')
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(restored)).toBe('What budget do you have in mind?')
    expect(restored.getSnapshot().context.leadId).toBe(actor.getSnapshot().context.leadId)

    const otherVersion = reopen(realMachine(doubles), 'another-hash', stored)
    expect(otherVersion.getSnapshot().context.transcript).toHaveLength(1)
    for (const garbage of ['{', 'null', '{"flowHash":"x"}', JSON.stringify({ flowHash: flow.hash, snapshot: 42 })]) {
      expect(reopen(realMachine(doubles), flow.hash, garbage).getSnapshot().context.transcript).toHaveLength(1)
    }
  })

  it('a chat restored while saving saves again with the same lead id', async () => {
    const doubles = newDoubles()
    doubles.saveResults = ['never']
    const actor = start(doubles)
    await toSave(actor)
    await vi.advanceTimersByTimeAsync(100)
    expect(actor.getSnapshot().value).toEqual({ completion: 'saving' })
    const stored = persistIntake(actor, flow.hash)
    actor.stop()
    const savesBeforeReload = doubles.saves.length
    const restored = reopen(realMachine(doubles), flow.hash, stored)
    await vi.advanceTimersByTimeAsync(1500)
    expect(last(restored)).toMatch(/^Thank you, Arjun Mehta!/)
    expect(doubles.saves.length).toBe(savesBeforeReload + 1)
    expect(new Set(doubles.saves.map((lead) => lead.id))).toEqual(new Set([actor.getSnapshot().context.leadId]))
  })

  it('a chat restored while uploading asks for the image again (the file itself is not stored)', async () => {
    const doubles = newDoubles()
    const actor = start(doubles)
    await toOccasion(actor)
    await choose(actor, 'occasion', 'Other')
    await choose(actor, 'product_type', 'Earrings')
    await choose(actor, 'budget_range', 'Up to ₹50,000')
    await choose(actor, 'design_preference', 'Upload Reference Image')
    actor.send({ type: 'upload.submit', file: new Blob(['png'], { type: 'image/png' }) })
    const stored = persistIntake(actor, flow.hash)
    actor.stop()
    const restored = reopen(realMachine(doubles), flow.hash, stored)
    expect(restored.getSnapshot().value).toEqual({ reference_upload: 'waiting' })
    expect(restored.getSnapshot().context.uploadStatus).toBe('idle')
    expect(restored.getSnapshot().context.panel).toEqual({ kind: 'upload', stepId: 'reference_upload' })
  })
})
