import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { parse, stringify } from 'yaml'
import ringResizeSource from '@flows/fixtures/ring-resize.flow.yaml?raw'
import type { LeadPayload } from '@/features/intake/lead/lead-payload'
import type { AnyIntakeEvent } from '@/features/intake/machine/intake-types'
import { leadsCsvLines, leadsCsvStart } from '@/features/leads/csv-export'
import { leadDetailsSections } from '@/features/leads/lead-detail-sections'
import { leadSchema } from '@/features/leads/lead.schema'
import type { Lead } from '@/lib/lead-fields'
import { loadFlowForTest } from './intake/consultation-flow'
import { intakeTestModel, isSaveStart } from './intake/path-model'
import { compileTestVariant } from './intake/test-variant'

/** What a developer adds to src/lib/lead-fields.ts for a new question (the migration adds the column). */
vi.mock('@/lib/lead-fields', async (importOriginal) => {
  const declared = await importOriginal<typeof import('@/lib/lead-fields')>()
  const giftWrap = { name: 'gift_wrap', kind: 'answer', label: 'Gift Wrap', optional: true, section: 'requirements', csvHeader: null }
  return { ...declared, leadFields: [...declared.leadFields, giftWrap] }
})

/** The ring-resize fixture flow with a question that answers the new field, asked before the save. */
function flowAskingGiftWrap() {
  const flow = parse(ringResizeSource) as { steps: Record<string, unknown>[] }
  const sizeChange = flow.steps.find((step) => step.id === 'size_change')
  if (!sizeChange) throw new Error('the fixture flow has no size_change step')
  const question = { id: 'gift_wrap', type: 'options', label: 'gift wrap', answer: 'gift_wrap', say: ['Shall we gift-wrap it, {{name}}?'], options: ['Yes please', 'No thanks'] }
  flow.steps.push({ ...question, next: sizeChange.next })
  sizeChange.next = 'gift_wrap'
  return loadFlowForTest(stringify(flow), 'flows/fixtures/ring-resize-gift-wrap.flow.yaml')
}

describe('a lead field added to the declaration, and asked by a flow', () => {
  const flow = flowAskingGiftWrap()
  const machine = compileTestVariant(flow)
  const paths = intakeTestModel(flow, machine).getSimplePaths({ toState: (snapshot) => isSaveStart(flow, snapshot) })

  it('reaches the saved payload with the answer the visitor chose', async () => {
    expect(paths.length).toBeGreaterThan(0)
    for (const path of paths) {
      const saves: LeadPayload[] = []
      const actor = createActor(
        machine.provide({ actions: { actorStarted: (_, { input }) => void saves.push((input as { lead: LeadPayload }).lead) } }),
      ).start()
      for (const { event } of path.steps.slice(1)) actor.send(event as AnyIntakeEvent)
      const chosen = path.steps.map((step) => step.event as AnyIntakeEvent).find((e) => e.type === 'option.choose' && e.stepId === 'gift_wrap')
      expect(saves).toHaveLength(1)
      expect(saves[0]).toHaveProperty('gift_wrap', chosen?.type === 'option.choose' ? chosen.label : '')
    }
  })

  it('survives the dashboard row schema and shows in the lead details; the CSV keeps the spec columns', () => {
    const row = { id: 'lead-9', name: 'Ira Das', phone: '9000000009', gift_wrap: 'Yes please', language: 'en', status: 'pending', created_at: '2026-11-20T05:00:00.000Z' }
    const lead = leadSchema.parse(row) as Lead & { gift_wrap?: string }
    expect(lead.gift_wrap).toBe('Yes please')
    expect((leadSchema.parse({ ...row, gift_wrap: null }) as Lead & { gift_wrap?: string }).gift_wrap).toBe('')
    const requirements = leadDetailsSections(lead).find((section) => section.title === 'Jewelry Requirements')
    expect(requirements?.details.at(-1)).toEqual({ name: 'gift_wrap', label: 'Gift Wrap', value: 'Yes please' })
    expect(leadsCsvStart).toBe('\uFEFFName,Phone,Email,City,Occasion,Product Type,Budget,Status,Created At\r\n')
    expect(leadsCsvLines([lead]).split(',')).toHaveLength(9)
  })
})
