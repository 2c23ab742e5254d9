import { answerOptions } from '../../flow-tools/flow-facts.ts'
import type { Flow } from '../../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../../src/features/intake/flow/flow-options.ts'
import type { LeadPayload } from '../../src/features/intake/lead/lead-payload.ts'
import { dayjs, istWallClock } from '../../src/lib/dayjs.ts'
import { leadFields, type AnswerFieldName, type LeadStatus } from '../../src/lib/lead-fields.ts'
import type { NoticeRecord } from '../../src/lib/notice-record.ts'

export const firstNames = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra', 'Kavya', 'Meera',
  'Rohan', 'Karthik', 'Priya', 'Lakshmi', 'Harpreet', 'Simran', 'Farhan', 'Zoya', 'Tanvi', 'Nikhil',
]
export const lastNames = [
  'Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Patel', 'Shah', 'Gupta', 'Singh', 'Kaur',
  'Menon', 'Pillai', 'Chatterjee', 'Banerjee', 'Das', 'Joshi', 'Kulkarni', 'Desai', 'Khan', 'Mehta',
]
export const cities = [
  'Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad', 'Chennai', 'Kolkata', 'Pune', 'Ahmedabad', 'Jaipur', 'Surat',
  'Lucknow', 'Kochi', 'Chandigarh', 'Indore', 'Coimbatore', 'Nagpur', 'Vadodara', 'Mysuru', 'Thrissur', 'Udaipur',
]
const leadStatuses = ['pending', 'pending', 'contacted', 'closed'] as const
/** One demo chat in four in Hindi (flows/consultation.hi.yaml), the rest in the flow's English. */
const chatLanguages = ['en', 'en', 'en', 'hi'] as const
const pastStatuses = ['completed', 'completed', 'cancelled', 'no-show', 'confirmed'] as const
const futureStatuses = ['scheduled', 'scheduled', 'confirmed', 'cancelled'] as const

/** A small deterministic generator, so a seed is the same on every machine. */
export function randomSource(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    digits: (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
  }
}

/** A lead as the visitor chat saves it, with the dashboard's status and timestamps. */
/** The service role saves them: no notice seen, no opt-in (the database's defaults). */
export type DemoLead = Omit<LeadPayload, 'status' | keyof NoticeRecord> & { status: LeadStatus; created_at: string; updated_at: string }

export interface DemoAppointment {
  lead_id: string
  slot_datetime: string
  status: string
}

/** Each answer field with the answers the flow offers for it, and the empty answer where a Skip option gives one. */
function offeredAnswers(flow: Flow) {
  return leadFields.flatMap((field) => {
    if (field.kind !== 'answer') return []
    const skippable = flow.steps.some(
      (step) => step.type === 'options' && step.answer === field.name && step.options.some((option) => optionParts(option).skip),
    )
    return [{ field, answers: [...answerOptions(flow, field.name), ...(skippable ? [''] : [])] }]
  })
}

/** The design answers that lead the visitor to the image upload. */
function uploadingDesigns(flow: Flow): string[] {
  const uploadSteps = new Set(flow.steps.filter((step) => step.type === 'upload').map((step) => step.id))
  return flow.steps.flatMap((step) =>
    step.type === 'options' && step.answer === 'design_preference'
      ? step.options.flatMap((option) => (typeof option !== 'string' && option.next && uploadSteps.has(option.next) ? [option.label] : []))
      : [],
  )
}

/**
 * Leads with the answers the consultation flow offers (`flow`) for every declared answer field, spread
 * over the last 90 days; technical details in six leads of ten.
 */
export function demoLeads(count: number, now: Date, imagePaths: readonly string[], flow: Flow, seed = 7): DemoLead[] {
  const random = randomSource(seed)
  const offered = offeredAnswers(flow)
  const withImage = new Set(uploadingDesigns(flow))
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(firstNames)
    const last = random.pick(lastNames)
    const created = dayjs(now).subtract(Math.floor(random.next() * 90 * 24 * 60), 'minute')
    const technical = random.next() < 0.6
    const answers = Object.fromEntries(
      offered.map(({ field, answers }) => [field.name, field.section === 'technical' && !technical ? '' : (random.pick(answers) ?? '')]),
    ) as Record<AnswerFieldName, string>
    return {
      id: `demo-${String(index + 1).padStart(6, '0')}`,
      name: `${first} ${last}`,
      phone: `${random.pick(['9', '8', '7', '6'])}${random.digits(9)}`,
      email: `${first}.${last}${index + 1}@example.in`.toLowerCase(),
      city: random.pick(cities),
      ...answers,
      reference_image: withImage.has(answers.design_preference) && imagePaths.length > 0 ? random.pick(imagePaths) : null,
      language: random.pick(chatLanguages),
      status: random.pick(leadStatuses),
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    }
  })
}

/** Weekday business-hour slots from 60 days back to 60 days ahead, each booked at most once. */
export function demoAppointments(leads: readonly DemoLead[], now: Date, seed = 11): DemoAppointment[] {
  const random = randomSource(seed)
  const slots: string[] = []
  for (let offset = -60; offset <= 60; offset += 1) {
    const day = dayjs(now).add(offset, 'day').tz('Asia/Kolkata')
    if (day.day() === 0 || day.day() === 6) continue
    for (let hour = 9; hour <= 17; hour += 1) {
      if (random.next() < 0.35) slots.push(istWallClock(day.format('YYYY-MM-DD'), `${String(hour).padStart(2, '0')}:00`).toISOString())
    }
  }
  for (let index = slots.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1))
    ;[slots[index], slots[other]] = [slots[other] as string, slots[index] as string]
  }
  const booked = leads.filter(() => random.next() < 0.3).slice(0, slots.length)
  return booked.map((lead, index) => {
    const slot = slots[index] as string
    const past = new Date(slot) < now
    return { lead_id: lead.id, slot_datetime: slot, status: random.pick(past ? pastStatuses : futureStatuses) }
  })
}
