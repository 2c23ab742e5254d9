import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import fixtureSource from '@flows/fixtures/ring-resize.flow.yaml?raw'
import { loadFlowForTest } from '@/testing/intake/consultation-flow'
import { allSimplePaths } from '@/testing/intake/path-model'
import { compileTestVariant } from '@/testing/intake/test-variant'
import type { LeadPayload } from '../lead/lead-payload'
import { compileFlow } from './compile-flow'
import type { AnyIntakeEvent } from './intake-types'
import { shownMessage } from '@/testing/intake/chat-driver'

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
    expect(actor.getSnapshot().context.transcript.map(shownMessage)).toEqual(["Hello! Let's get your ring resized."])
    expect(actor.getSnapshot().value).toEqual({ who: { ask: 'b0_pause' } })
  })
})
