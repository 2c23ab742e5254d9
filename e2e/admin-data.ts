import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { LeadPayload } from '../src/features/intake/lead/lead-payload.ts'
import { istDateKey, istWallClock } from '../src/lib/dayjs.ts'
import type { LeadStatus } from '../src/lib/lead-fields.ts'
import { aLeadPayload } from '../src/testing/lead-fixtures.ts'
import { serviceClient } from './admin-backend.ts'
import { pngBytes } from './visitor-chat.ts'

/** Letters only (names allow nothing else), unique per test, so searches find just this test's rows. */
export function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const tail = Array.from({ length: 8 }, () => letters[randomInt(letters.length)]).join('')
  return `Zq${tail}`
}

/** A lead as the dashboard stores it, built from the shared lead fixture. */
export type SeedLead = Omit<LeadPayload, 'status'> & { status: LeadStatus; created_at: string }

export async function seedLeads(
  surname: string,
  specs: ({ first: string; status?: LeadStatus; city?: string; created_at?: string } & Partial<
    Pick<LeadPayload, 'occasion' | 'product_type' | 'budget_range' | 'language' | 'reference_image'>
  >)[],
): Promise<SeedLead[]> {
  const leads: SeedLead[] = specs.map(({ first, status, city, created_at, ...answers }, index) => ({
    ...aLeadPayload({
      id: `e2e-${randomUUID()}`,
      name: `${first} ${surname}`,
      phone: `98${String(randomInt(10_000_000, 99_999_999))}`,
      email: `${first.toLowerCase()}.${surname.toLowerCase()}@example.in`,
      city: city ?? 'Pune',
      ...answers,
    }),
    status: status ?? 'pending',
    created_at: created_at ?? new Date(Date.now() - index * 60_000).toISOString(),
  }))
  const { error } = await serviceClient().from('leads').insert(leads)
  if (error) throw new Error(`seeding leads failed: ${error.message}`)
  return leads
}

/** A PNG stored in the private reference-images bucket under a name of the bucket's form; answers the name. */
export async function seedReferenceImage(): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.png`
  const { error } = await serviceClient().storage.from('reference-images').upload(name, pngBytes, { contentType: 'image/png' })
  if (error) throw new Error(`seeding a reference image failed: ${error.message}`)
  return name
}

/** The n-th IST weekday after today (n = 1 is the next one), as YYYY-MM-DD. */
export function weekdayAhead(n: number): string {
  let day = istWallClock(istDateKey(new Date()), '12:00')
  let found = 0
  while (found < n) {
    day = day.add(1, 'day')
    if (day.day() !== 0 && day.day() !== 6) found += 1
  }
  return day.format('YYYY-MM-DD')
}

/** Cancels whatever an earlier run left active in a slot, so a reused backend still accepts the test's booking. */
export async function freeSlot(date: string, time: string) {
  const { error } = await serviceClient()
    .from('appointments')
    .update({ status: 'cancelled' })
    .eq('slot_datetime', istWallClock(date, time).toISOString())
    .in('status', ['scheduled', 'confirmed'])
  if (error) throw new Error(`freeing a slot failed: ${error.message}`)
}

export async function seedAppointment(leadId: string, date: string, time: string, status = 'scheduled') {
  await freeSlot(date, time)
  const { data, error } = await serviceClient()
    .from('appointments')
    .insert({ lead_id: leadId, slot_datetime: istWallClock(date, time).toISOString(), status })
    .select('id')
    .single()
  if (error) throw new Error(`seeding an appointment failed: ${error.message}`)
  return data.id as string
}
