import type { CheckedFlow, FlowAction, FlowMessage, FlowStep } from '@/features/intake/flow/flow.schema'
import { optionParts } from '@/features/intake/flow/flow-options'
import type { SaveErrorKind } from '@/features/intake/flow/flow-vocabulary'
import { renderTemplate } from '@/features/intake/flow/placeholders'
import { brand } from '@/lib/brand'

/** Reading a flow the way its tests need: by structure, never by the wording or order an editor may change. */

export type OptionsStep = FlowStep & { type: 'options' }

export { optionParts }

export function stepById(flow: CheckedFlow, id: string | undefined): FlowStep {
  const step = flow.steps.find((s) => s.id === id)
  if (!step) throw new Error(`the flow has no step '${id}'`)
  return step
}

export function stepOfType<TType extends FlowStep['type']>(flow: CheckedFlow, type: TType): FlowStep & { type: TType } {
  const step = flow.steps.find((s) => s.type === type)
  if (!step) throw new Error(`the flow has no ${type} step`)
  return step as FlowStep & { type: TType }
}

/** The options step whose buttons stay open after the lead is saved. */
export function keepOpenStep(flow: CheckedFlow): OptionsStep {
  const step = flow.steps.find((s): s is OptionsStep => s.type === 'options' && s.keep_open === true)
  if (!step) throw new Error('the flow has no keep_open options step')
  return step
}

/** The options step and option for which `matches` holds. */
export function findOption(flow: CheckedFlow, matches: (option: ReturnType<typeof optionParts>, step: OptionsStep) => boolean) {
  for (const step of flow.steps) {
    if (step.type !== 'options') continue
    const option = step.options.map(optionParts).find((o) => matches(o, step))
    if (option) return { step, option }
  }
  throw new Error('the flow has no such option')
}

/** An option that only records its answer and goes on the step's own way. */
export function plainOption(step: OptionsStep): string {
  const plain = step.options.map(optionParts).find((o) => !o.next && !o.skip && !o.do && !o.reply)
  return (plain ?? optionParts(step.options[0]!)).label
}

export function linkAction(actions: FlowAction[] | undefined) {
  return actions?.find((action): action is FlowAction & { action: 'open_link' } => action.action === 'open_link')
}

export function trackedEvents(actions: FlowAction[] | undefined): string[] {
  return (actions ?? []).flatMap((action) => (action.action === 'track' ? [action.event] : []))
}

/** The URL a link of the flow opens, for the given answers: the brand's WhatsApp number or phone. */
export function linkUrl(flow: CheckedFlow, name: string, values: Record<string, string | null>): string {
  const link = flow.links?.[name]
  if (!link) throw new Error(`the flow has no link '${name}'`)
  return 'whatsapp' in link ? `https://wa.me/${brand.whatsapp}?text=${encodeURIComponent(renderTemplate(link.whatsapp, values))}` : `tel:+${brand.phone}`
}

export function messageText(message: FlowMessage): string {
  return typeof message === 'string' ? message : message.text
}

/** How long after the previous message a message appears, and whether the typing indicator shows for its last `typing` ms. */
export function messageWait(flow: CheckedFlow, message: FlowMessage): { wait: number; typing: boolean } {
  const before = typeof message === 'string' || message.before === undefined ? 0 : (flow.timing[message.before] ?? 0)
  const typing = typeof message === 'string' || message.typing !== false
  return { wait: typing ? Math.max(before, flow.timing.typing ?? 0) : before, typing }
}

/** Which message a save error gets, by its code. */
export function specSaveErrorKind(code: string): SaveErrorKind {
  if (code === '23505') return 'duplicate'
  if (code === '23514') return 'invalid'
  if (code === '23502') return 'missing'
  if (code === 'PGRST116' || code === '42501') return 'security'
  return 'unexpected'
}

/** Which scheduler card text explains a refused booking, by the database's code; null: the card says nothing. */
export function bookingRefusalText(code: string): 'slot_taken' | 'not_offered' | 'too_soon' | 'already_booked' | 'too_far_ahead' | null {
  if (code === 'slot_full') return 'slot_taken'
  if (code === 'slot_not_offered') return 'not_offered'
  if (code === 'booking_too_soon') return 'too_soon'
  if (code === 'lead_already_booked') return 'already_booked'
  if (code === 'booking_too_far_ahead') return 'too_far_ahead'
  return null
}
