import { describe, expect, it } from 'vitest'
import committedSchema from '@flows/consultation.flow.schema.json?raw'
import { consultationFile, consultationFlow, consultationSource } from '@/testing/intake/consultation-flow'
import type { FlowOption } from '../src/features/intake/flow/flow.schema'
import { flowJsonSchemaText } from './flow-json-schema'

/** Spec section 4: the options of each step, word for word and in order, by the lead field (or step) they answer. */
const specOptions: Record<string, string[]> = {
  occasion: ['Engagement/Wedding', 'Birthday/Gift', 'Anniversary', 'Baby Shower', 'Festival', 'Just Because', 'Other'],
  product_type: ['Ring', 'Pendant', 'Earrings', 'Bracelet', 'Necklace', 'Bangles', 'Other'],
  budget_range: ['Up to ₹50,000', '₹50,000 – ₹1,00,000', '₹1L – ₹2.5L', 'Above ₹2.5L', "💬 I'd prefer to chat first"],
  design_preference: ['Upload Reference Image', 'Handpicked Options', 'Expert Suggestions', 'Other'],
  metal_choice: ['Yellow Gold', 'White Gold', 'Rose Gold', 'Platinum', 'Skip this step'],
  gold_carat: ['14K', '18K', '22K', 'Skip this step'],
  stone_type: ['Lab-Grown', 'Real/Natural', 'Moissanite', 'Other', 'Skip this step'],
  diamond_shape: ['Round', 'Oval', 'Emerald', 'Princess', 'Cushion', 'Pear', 'Heart', 'Other', 'Skip this step'],
  timeline: ['1 Week', '2–4 Weeks', 'Flexible'],
  next_steps: ['🟢 Continue on WhatsApp', '📅 Schedule a Call', '📞 Call Now'],
}

const labelsOf = (options: FlowOption[]) => [...options.map((o) => (typeof o === 'string' ? o : o.label))].sort()

const whyRequired = (asked: string) =>
  `${consultationFile}: the options of '${asked}' must be the labels the dashboard knows (docs/product.md), word for word; only their order may change. ` +
  'A lead stores the label the visitor chose, and the dashboard depends on it: the occasion filter offers the flow\'s occasions ' +
  '(src/lib/consultation-facts.ts) and matches stored leads against them, and the leads table, the lead details, the CSV export ' +
  'and the WhatsApp messages show the stored labels. Renaming one splits older and newer leads.'

describe('the consultation flow file offers what the spec says', () => {
  it.each(Object.entries(specOptions))("the options answering '%s' are the spec's labels", (asked, labels) => {
    const step = consultationFlow.steps.find((s) => s.type === 'options' && (s.answer === asked || (!s.answer && s.id === asked)))
    expect(step?.type === 'options' ? labelsOf(step.options) : [], whyRequired(asked)).toEqual([...labels].sort())
  })
})

describe('the consultation flow file helps its editors', () => {
  it('points editors at the committed JSON Schema on its first line', () => {
    expect(consultationSource.split('\n')[0]).toBe('# yaml-language-server: $schema=./consultation.flow.schema.json')
  })

  it('commits the JSON Schema generated from the zod schema (run `npm run flow:generate` when this fails)', () => {
    expect(committedSchema).toBe(flowJsonSchemaText())
  })
})
