import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { CheckedFlow } from '../flow/flow.schema'
import type { LeadPayload } from '../lead/lead-payload'
import { consultationFlow } from '../testing/consultation-flow'
import { allSimplePaths, booking, intakeTestModel, optionParts, saveErrorCases, stepIdOf, type IntakeSnapshot } from '../testing/path-model'
import type { AnyIntakeEvent } from './intake-types'
import { compileTestVariant } from './test-variant'

const flow = consultationFlow
const machine = compileTestVariant(flow)

/** Spec section 8, word for word: the message each save error must give. */
function specSaveMessage(error: { code: string; message: string }): string {
  if (error.code === '23505' || error.message.includes('duplicate key'))
    return 'It looks like your information was already submitted. Please contact us directly if you need assistance.'
  if (error.code === '23514') return 'Some of the information provided is invalid. Please check your entries and try again.'
  if (error.code === '23502') return 'All required fields must be filled. Please check your entries and try again.'
  if (error.code === 'PGRST116' || error.message.includes('violates row-level security'))
    return 'There was a security issue saving your information. Please try again or contact us directly.'
  return 'Sorry, there was an unexpected error. Please try again or contact us directly.'
}

const stepFields: Record<string, keyof LeadPayload> = {
  occasion: 'occasion',
  product_type: 'product_type',
  budget_range: 'budget_range',
  design_preference: 'design_preference',
  advanced_filters: 'metal_choice',
  gold_carat: 'gold_carat',
  stone_type: 'stone_type',
  diamond_shape: 'diamond_shape',
  timeline: 'timeline',
}

/** What the visitor's choices on a path must save, worked out from the events alone. */
function expectedLead(events: AnyIntakeEvent[], id: string, f: CheckedFlow): LeadPayload {
  const lead: LeadPayload = {
    id,
    name: '',
    phone: '',
    email: '',
    city: '',
    occasion: '',
    product_type: '',
    budget_range: '',
    design_preference: '',
    metal_choice: '',
    gold_carat: '',
    stone_type: '',
    diamond_shape: '',
    timeline: '',
    reference_image: null,
    status: 'pending',
  }
  for (const event of events) {
    if (event.type === 'option.choose' && stepFields[event.stepId]) {
      const step = f.steps.find((s) => s.id === event.stepId)
      const option = step?.type === 'options' ? step.options.map(optionParts).find((o) => o.label === event.label) : undefined
      Object.assign(lead, { [stepFields[event.stepId] as string]: option?.skip ? '' : event.label })
    }
    if (event.type === 'form.submit') {
      const values = event.values as Record<string, string>
      const valid = Object.values(values).every((v) => !['P1', '12345', 'X', 'not-an-email'].includes(v))
      if (valid) for (const [key, value] of Object.entries(values)) Object.assign(lead, { [key]: value.trim() })
    }
    if (event.type === 'xstate.done.actor.uploadReferenceImage') lead.reference_image = event.output.path
  }
  return lead
}

function checkTranscript(snapshot: IntakeSnapshot) {
  snapshot.context.transcript.forEach((message, index) => {
    expect(message.id).toBe(`m${index + 1}`)
    expect(['bot', 'user']).toContain(message.type)
    if (message.selectedOption !== undefined) expect(message.options).toContain(message.selectedOption)
  })
}

function checkPanel(snapshot: IntakeSnapshot) {
  const { panel } = snapshot.context
  const inner = JSON.stringify(snapshot.value)
  const step = flow.steps.find((s) => s.id === stepIdOf(snapshot))
  const expectedPanel =
    step?.type === 'form' && inner.includes('"waiting"')
      ? 'form'
      : step?.type === 'upload' && /"(waiting|uploading)"/.test(inner)
        ? 'upload'
        : /"scheduling"|"booked"/.test(inner)
          ? 'scheduler'
          : 'none'
  expect(panel.kind).toBe(expectedPanel)
}

describe('every simple path of the consultation flow (generated with createTestModel)', () => {
  const started = performance.now()
  const paths = allSimplePaths(flow, machine)
  const generatedIn = performance.now() - started
  console.log(`consultation flow: ${paths.length} generated paths (generated in ${Math.round(generatedIn)} ms)`)

  it('covers the branches: chat first, upload, upload failure, every save error, every post-save option', () => {
    const eventsOf = (path: (typeof paths)[number]) => path.steps.map((s) => s.event as AnyIntakeEvent)
    const some = (predicate: (events: AnyIntakeEvent[]) => boolean) => paths.some((p) => predicate(eventsOf(p)))
    expect(paths.length).toBeGreaterThan(50)
    expect(some((e) => e.some((x) => x.type === 'option.choose' && x.label === "💬 I'd prefer to chat first"))).toBe(true)
    expect(some((e) => e.filter((x) => x.type === 'xstate.error.actor.uploadReferenceImage').length === 1)).toBe(true)
    for (const error of saveErrorCases) {
      expect(some((e) => e.some((x) => x.type === 'xstate.error.actor.saveLead' && x.error === error))).toBe(true)
    }
    for (const label of ['🟢 Continue on WhatsApp', '📅 Schedule a Call', '📞 Call Now']) {
      expect(some((e) => e.some((x) => x.type === 'option.choose' && x.label === label))).toBe(true)
    }
    expect(some((e) => e.some((x) => x.type === 'option.choose' && x.label === 'Skip this step'))).toBe(true)
    expect(some((e) => e.some((x) => x.type === 'scheduler.booked'))).toBe(true)
  })

  it('runs each path on the machine: states, transcript, panel, saved payload, links', async () => {
    for (const path of paths) {
      const saves: LeadPayload[] = []
      const links: string[] = []
      const actor = createActor(
        machine.provide({
          actions: {
            actorStarted: (_, params) => {
              if (params.src === 'saveLead') saves.push((params.input as { lead: LeadPayload }).lead)
            },
            openLink: (_, params) => void links.push(params.url),
          },
        }),
      ).start()
      const send = ({ event }: { event: AnyIntakeEvent }) => actor.send(event)
      await path.test({
        events: Object.fromEntries(path.steps.map((s) => [s.event.type, send])),
        states: {
          '*': (expected) => {
            expect(actor.getSnapshot().value).toEqual(expected.value)
            checkPanel(actor.getSnapshot())
          },
        },
      })
      const events = path.steps.map((s) => s.event as AnyIntakeEvent)
      const { context } = actor.getSnapshot()
      checkTranscript(actor.getSnapshot())
      const chose = (label: string) => events.some((e) => e.type === 'option.choose' && e.label === label)

      if (chose("💬 I'd prefer to chat first")) {
        expect(saves).toEqual([])
        expect(actor.getSnapshot().status).toBe('done')
        expect(links[0]).toMatch(/^https:\/\/wa\.me\/919876543210\?text=Hi!/)
      }
      const lead = expectedLead(events, context.leadId, flow)
      for (const saved of saves) {
        for (const key of Object.keys(lead) as (keyof LeadPayload)[]) expect(saved[key], key).toEqual(lead[key])
        expect(Object.keys(saved).sort()).toEqual(Object.keys(lead).sort())
      }
      const contents = context.transcript.map((m) => m.content)
      for (const event of events) {
        if (event.type === 'xstate.error.actor.saveLead') {
          expect(contents).toContain(specSaveMessage(event.error as { code: string; message: string }))
        }
        if (event.type === 'option.choose') {
          const asked = context.transcript.filter((m) => m.stepId === event.stepId && m.options?.includes(event.label))
          expect(asked.some((m) => m.selectedOption === event.label || m.optionsStayOpen === true)).toBe(true)
        }
      }
      if (events.some((e) => e.type === 'xstate.error.actor.uploadReferenceImage')) {
        expect(contents).toContain('❌ Upload failed. Please try again.')
      }
      if (events.some((e) => e.type === 'xstate.done.actor.uploadReferenceImage')) {
        expect(contents).toContain('✅ File uploaded successfully')
      }
      if (events.some((e) => e.type === 'xstate.done.actor.saveLead')) {
        expect(contents.some((c) => c.startsWith('Thank you, Priya Sharma!'))).toBe(true)
      }
      if (chose('🟢 Continue on WhatsApp') && JSON.stringify(actor.getSnapshot().value) === '{"next_steps":"waiting"}') {
        expect(links.at(-1)).toBe(
          `https://wa.me/919876543210?text=${encodeURIComponent(
            `Hi! I've just completed my jewellery consultation.\nOccasion: ${lead.occasion}\nProduct: ${lead.product_type}\nBudget: ${lead.budget_range}\nDesign: ${lead.design_preference}\nTimeline: ${lead.timeline}`,
          )}`,
        )
      }
      if (events.some((e) => e.type === 'scheduler.booked') && JSON.stringify(actor.getSnapshot().value) === '{"next_steps":"waiting"}') {
        expect(contents.at(-1)).toBe(`Perfect! Your appointment is confirmed for ${booking.date} at ${booking.time}. Thanks Priya Sharma!`)
      }
      expect(new Set(saves.map((s) => s.id)).size).toBeLessThanOrEqual(1)
      actor.stop()
    }
  })
})

describe('each option of each step, one by one', () => {
  const model = intakeTestModel(flow, machine)
  const optionSteps = flow.steps.filter((step) => step.type === 'options')

  it.each(optionSteps.map((step) => [step.id, step] as const))('%s: every option is recorded, ticked and echoed', (stepId, step) => {
    const [path] = model.getShortestPaths({ toState: (s) => JSON.stringify(s.value) === JSON.stringify({ [stepId]: 'waiting' }) })
    expect(path).toBeDefined()
    for (const option of step.options.map(optionParts)) {
      const actor = createActor(machine).start()
      for (const { event } of path?.steps.slice(1) ?? []) actor.send(event as AnyIntakeEvent)
      actor.send({ type: 'option.choose', stepId, label: option.label })
      const { context } = actor.getSnapshot()
      if (step.answer) expect(context.answers[step.answer]).toBe(option.skip ? '' : option.label)
      const asked = context.transcript.findLast((m) => m.stepId === stepId && m.options)
      expect(asked?.options).toEqual(step.options.map((o) => optionParts(o).label))
      expect(asked?.selectedOption).toBe(option.label)
      expect(asked?.optionsStayOpen).toBe(step.keep_open ? true : undefined)
      expect(context.transcript.at(-1)).toMatchObject({ type: 'user', content: option.label, stepId })
      actor.stop()
    }
  })
})
