import type { LeadFieldName } from '../../../lib/lead-fields.ts'
import type { Flow, FlowOption } from './flow.schema.ts'

const optionOf = (option: FlowOption) => (typeof option === 'string' ? { label: option } : option)

/** The answers a flow can record for a lead field: the labels of the options of the steps that ask it, Skip options left out. */
export function answerOptions(flow: Flow, field: LeadFieldName): string[] {
  const labels = flow.steps.flatMap((step) =>
    step.type === 'options' && step.answer === field ? step.options.map(optionOf).filter((option) => !option.skip).map((option) => option.label) : [],
  )
  return [...new Set(labels)]
}

/** What the admin side takes from the flow (lib/consultation-facts.ts): nothing of the chat itself. */
export function consultationFacts(flow: Flow) {
  return { businessPhone: flow.business.phone, occasionOptions: answerOptions(flow, 'occasion') }
}
