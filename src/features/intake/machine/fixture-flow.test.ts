import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import fixtureSource from '../../../../flows/fixtures/ring-resize.flow.yaml?raw'
import type { LeadPayload } from '../lead/lead-payload'
import { consultationSource, loadFlowForTest } from '../testing/consultation-flow'
import { allSimplePaths } from '../testing/path-model'
import { compileFlow } from './compile-flow'
import type { AnyIntakeEvent } from './intake-types'
import { compileTestVariant } from './test-variant'

describe('another flow file needs no code change', () => {
  const flow = loadFlowForTest(fixtureSource, 'flows/fixtures/ring-resize.flow.yaml')
  const machine = compileTestVariant(flow)
  const paths = allSimplePaths(flow, machine)
  console.log(`ring-resize fixture flow: ${paths.length} generated paths`)

  it('generates and runs every path of the fixture flow', async () => {
    expect(paths.length).toBeGreaterThan(5)
    let saved = 0
    let titaniumPaths = 0
    for (const path of paths) {
      const saves: LeadPayload[] = []
      const actor = createActor(
        machine.provide({
          actions: {
            actorStarted: (_, params) => void saves.push((params.input as { lead: LeadPayload }).lead),
          },
        }),
      ).start()
      await path.test({
        events: Object.fromEntries(path.steps.map((s) => [s.event.type, ({ event }: { event: AnyIntakeEvent }) => actor.send(event)])),
        states: { '*': (expected) => expect(actor.getSnapshot().value).toEqual(expected.value) },
      })
      const events = path.steps.map((s) => s.event as AnyIntakeEvent)
      const metal = events.find((e) => e.type === 'option.choose' && e.stepId === 'ring_metal')
      for (const lead of saves) {
        saved++
        expect(lead.name).toBe('Priya Sharma')
        expect(lead.metal_choice).toBe(metal?.type === 'option.choose' && metal.label !== 'Not sure' ? metal.label : '')
        expect(lead.occasion).toBe('')
        expect(lead.status).toBe('pending')
      }
      if (events.some((e) => e.type === 'option.choose' && e.label === 'Talk to a person')) expect(saves).toEqual([])
      if (metal?.type === 'option.choose' && metal.label === 'Titanium') {
        titaniumPaths++
        expect(actor.getSnapshot().context.transcript.some((m) => m.stepId === 'size_change')).toBe(false)
      }
    }
    expect(saved).toBeGreaterThan(0)
    expect(titaniumPaths).toBeGreaterThan(0)
  })

  it('uses the fixture texts, options and timings', () => {
    const actor = createActor(compileFlow(flow)).start()
    expect(actor.getSnapshot().context.transcript.map((m) => m.content)).toEqual(["Hello! Let's get your ring resized."])
    expect(actor.getSnapshot().value).toEqual({ who: { ask: 'b0_pause' } })
  })

  it('changing an option label in the YAML changes the machine', () => {
    const renamed = loadFlowForTest(consultationSource.replace('      - Baby Shower\n', '      - Baby Shower 👶\n'), 'renamed.flow.yaml')
    const step = renamed.steps.find((s) => s.id === 'occasion')
    expect(step?.type === 'options' && step.options).toContain('Baby Shower 👶')
    const actor = createActor(compileTestVariant(renamed)).start()
    for (let i = 0; i < 2; i++) actor.send({ type: 'delay.elapsed' })
    actor.send({ type: 'form.submit', stepId: 'name_form', values: { name: 'Meera Iyer', phone: '9000000001' } })
    for (let i = 0; i < 3; i++) actor.send({ type: 'delay.elapsed' })
    expect(actor.getSnapshot().context.transcript.at(-1)?.options).toContain('Baby Shower 👶')
    actor.send({ type: 'option.choose', stepId: 'occasion', label: 'Baby Shower 👶' })
    expect(actor.getSnapshot().context.answers.occasion).toBe('Baby Shower 👶')
  })
})
