import { dayjs, istWallClock } from '../../src/lib/dayjs.ts'
import type { LeadPayload } from '../../src/features/intake/lead/lead-payload.ts'
import type { LeadStatus } from '../../src/features/leads/lead.schema.ts'

const firstNames = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra', 'Kavya', 'Meera',
  'Rohan', 'Karthik', 'Priya', 'Lakshmi', 'Harpreet', 'Simran', 'Farhan', 'Zoya', 'Tanvi', 'Nikhil',
]
const lastNames = [
  'Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Patel', 'Shah', 'Gupta', 'Singh', 'Kaur',
  'Menon', 'Pillai', 'Chatterjee', 'Banerjee', 'Das', 'Joshi', 'Kulkarni', 'Desai', 'Khan', 'Mehta',
]
const cities = [
  'Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad', 'Chennai', 'Kolkata', 'Pune', 'Ahmedabad', 'Jaipur', 'Surat',
  'Lucknow', 'Kochi', 'Chandigarh', 'Indore', 'Coimbatore', 'Nagpur', 'Vadodara', 'Mysuru', 'Thrissur', 'Udaipur',
]
const occasions = ['Engagement/Wedding', 'Birthday/Gift', 'Anniversary', 'Baby Shower', 'Festival', 'Just Because', 'Other']
const products = ['Ring', 'Pendant', 'Earrings', 'Bracelet', 'Necklace', 'Bangles', 'Other']
const budgets = ['Up to ₹50,000', '₹50,000 – ₹1,00,000', '₹1L – ₹2.5L', 'Above ₹2.5L']
const designs = ['Upload Reference Image', 'Handpicked Options', 'Expert Suggestions', 'Other']
const metals = ['Yellow Gold', 'White Gold', 'Rose Gold', 'Platinum', '']
const carats = ['14K', '18K', '22K', '']
const stones = ['Lab-Grown', 'Real/Natural', 'Moissanite', 'Other', '']
const shapes = ['Round', 'Oval', 'Emerald', 'Princess', 'Cushion', 'Pear', 'Heart', 'Other', '']
const timelines = ['1 Week', '2–4 Weeks', 'Flexible']
const leadStatuses = ['pending', 'pending', 'contacted', 'closed'] as const
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
export type DemoLead = Omit<LeadPayload, 'status'> & { status: LeadStatus; created_at: string; updated_at: string }

export interface DemoAppointment {
  lead_id: string
  slot_datetime: string
  status: string
}

export function demoLeads(count: number, now: Date, imagePaths: readonly string[], seed = 7): DemoLead[] {
  const random = randomSource(seed)
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(firstNames)
    const last = random.pick(lastNames)
    const design = random.pick(designs)
    const created = dayjs(now).subtract(Math.floor(random.next() * 90 * 24 * 60), 'minute')
    const technical = random.next() < 0.6
    return {
      id: `demo-${String(index + 1).padStart(6, '0')}`,
      name: `${first} ${last}`,
      phone: `${random.pick(['9', '8', '7', '6'])}${random.digits(9)}`,
      email: `${first}.${last}${index + 1}@example.in`.toLowerCase(),
      city: random.pick(cities),
      occasion: random.pick(occasions),
      product_type: random.pick(products),
      budget_range: random.pick(budgets),
      design_preference: design,
      metal_choice: technical ? random.pick(metals) : '',
      gold_carat: technical ? random.pick(carats) : '',
      stone_type: technical ? random.pick(stones) : '',
      diamond_shape: technical ? random.pick(shapes) : '',
      timeline: random.pick(timelines),
      reference_image: design === 'Upload Reference Image' && imagePaths.length > 0 ? random.pick(imagePaths) : null,
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
