import { describe, expect, it } from 'vitest'
import committedSchema from '../../../../flows/consultation.flow.schema.json?raw'
import { saveErrorMessages } from '../lead/save-error-message'
import { consultationFlow, consultationSource } from '../testing/consultation-flow'
import type { FlowOption, FlowStep } from './flow.schema'
import { flowJsonSchemaText } from './flow-json-schema'

const labels = (step: FlowStep | undefined) =>
  step?.type === 'options' ? step.options.map((o: FlowOption) => (typeof o === 'string' ? o : o.label)) : []
const step = (id: string) => consultationFlow.steps.find((s) => s.id === id)

describe('the consultation flow file says what the spec says', () => {
  it('has the option labels of spec section 4, word for word', () => {
    expect(labels(step('occasion'))).toEqual(['Engagement/Wedding', 'Birthday/Gift', 'Anniversary', 'Baby Shower', 'Festival', 'Just Because', 'Other'])
    expect(labels(step('product_type'))).toEqual(['Ring', 'Pendant', 'Earrings', 'Bracelet', 'Necklace', 'Bangles', 'Other'])
    expect(labels(step('budget_range'))).toEqual(['Up to ₹50,000', '₹50,000 – ₹1,00,000', '₹1L – ₹2.5L', 'Above ₹2.5L', "💬 I'd prefer to chat first"])
    expect(labels(step('design_preference'))).toEqual(['Upload Reference Image', 'Handpicked Options', 'Expert Suggestions', 'Other'])
    expect(labels(step('advanced_filters'))).toEqual(['Yellow Gold', 'White Gold', 'Rose Gold', 'Platinum', 'Skip this step'])
    expect(labels(step('gold_carat'))).toEqual(['14K', '18K', '22K', 'Skip this step'])
    expect(labels(step('stone_type'))).toEqual(['Lab-Grown', 'Real/Natural', 'Moissanite', 'Other', 'Skip this step'])
    expect(labels(step('diamond_shape'))).toEqual(['Round', 'Oval', 'Emerald', 'Princess', 'Cushion', 'Pear', 'Heart', 'Other', 'Skip this step'])
    expect(labels(step('timeline'))).toEqual(['1 Week', '2–4 Weeks', 'Flexible'])
    expect(labels(step('next_steps'))).toEqual(['🟢 Continue on WhatsApp', '📅 Schedule a Call', '📞 Call Now'])
  })

  it('has the timings of spec section 9', () => {
    expect(consultationFlow.timing).toEqual({ typing: 1500, welcome: 2000, after_name: 1500, post_save: 2000, redirect: 1000, scheduler_close: 1500 })
  })

  it('has the save error and upload messages of spec sections 4 and 8, word for word', () => {
    const completion = step('completion')
    expect(completion?.type === 'save' && completion.failure.messages).toEqual(saveErrorMessages)
    const upload = step('reference_upload')
    expect(upload?.type === 'upload' && upload.messages).toEqual({
      uploading: '📤 Uploading your file, please wait...',
      success: '✅ File uploaded successfully',
      failure: '❌ Upload failed. Please try again.',
    })
  })

  it('points editors at the committed JSON Schema on its first line', () => {
    expect(consultationSource.split('\n')[0]).toBe('# yaml-language-server: $schema=./consultation.flow.schema.json')
  })

  it('commits the JSON Schema generated from the zod schema (run `npx tsx scripts/write-flow-json-schema.ts` when this fails)', () => {
    expect(committedSchema).toBe(flowJsonSchemaText())
  })
})
