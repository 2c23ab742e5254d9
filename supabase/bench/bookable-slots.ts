/**
 * Speed of the schedulers' slot read and of the booking rule:
 *   npm run bench:bookable-slots
 * Starts an in-memory local backend with the default settings plus a closure and a date override,
 * books about half of the next 62 days' slots as the superuser, then, through supabase-js, calls
 * bookable_slots for 62 days as a visitor and as an admin (median of 20 calls each), and times 50
 * visitor bookings one after another (median). The target for bookable_slots is 50 ms or less.
 * Not part of `npm test`.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@supabase/supabase-js'
import { upsertAdmin } from '../local/auth/admins.ts'
import { startLocalBackend } from '../local/local-backend.ts'
import { visitorBooking } from '../tests/support/manage-token.ts'

const calls = 20
const dayMs = 86_400_000
const istOffsetMs = 5.5 * 3_600_000

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by this benchmark')
  }
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket } }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function medianMs(times: number, run: (i: number) => PromiseLike<{ error: unknown }>): Promise<number> {
  const taken: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    const { error } = await run(i)
    taken.push(performance.now() - started)
    if (error) throw new Error(`call failed: ${JSON.stringify(error)}`)
  }
  return median(taken)
}

const istDay = (ahead: number) => new Date(Date.now() + istOffsetMs + ahead * dayMs).toISOString().slice(0, 10)

async function main() {
  const backend = await startLocalBackend({ port: 0, rateLimits: false })
  try {
    const admin = { email: 'bench-admin@example.com', password: 'bench-password-1234' }
    await upsertAdmin(backend.context.db, admin.email, admin.password)
    const adminClient = createClient(backend.url, backend.anonKey, noSession)
    const signedIn = await adminClient.auth.signInWithPassword(admin)
    if (signedIn.error) throw new Error(signedIn.error.message)
    await adminClient.rpc('add_closure', { starts_on: istDay(20), ends_on: istDay(24), reason: 'Diwali' })
    await adminClient.rpc('set_date_override', { on_date: istDay(30), slots: [{ time: '11:30', capacity: 3 }], reason: 'Trunk show' })
    const booked = await backend.context.db.transaction((sql) =>
      sql.query<{ booked: number }>(`
        with leads as (
          insert into public.leads (id, name, phone)
          select 'bench-' || extract(epoch from s.slot)::bigint, 'Bench Lead', '9876543210'
          from private.offered_slots($1::date, $2::date) as s
          where random() < 0.5
          returning id
        )
        insert into public.appointments (lead_id, slot_datetime)
        select l.id, to_timestamp(substring(l.id from 7)::bigint) from leads as l
        returning 1`, [istDay(1), istDay(62)]),
    )
    console.log(`Booked ${booked.rows.length} slots of the next 62 days.`)
    const visitor = createClient(backend.url, backend.anonKey, noSession)
    const range = { from_date: istDay(0), to_date: istDay(62) }
    const asVisitor = await medianMs(calls, () => visitor.rpc('bookable_slots', range))
    const asAdmin = await medianMs(calls, () => adminClient.rpc('bookable_slots', range))
    const { data } = await visitor.rpc('bookable_slots', range)
    const free = (data as { slot: string; capacity: number; taken: number }[]).filter((slot) => slot.taken < slot.capacity)
    const leads = free.slice(0, 50).map((_, i) => ({ id: `bench-visitor-${i}`, name: 'Bench Visitor', phone: '9876543210' }))
    await createClient(backend.url, backend.serviceRoleKey, noSession).from('leads').insert(leads)
    const booking = await medianMs(leads.length, (i) =>
      visitor.from('appointments').insert(visitorBooking(leads[i]!.id, free[i]!.slot)))
    console.log(`bookable_slots, 62 days (${data?.length ?? 0} slots), as a visitor: median ${asVisitor.toFixed(1)} ms`)
    console.log(`bookable_slots, 62 days, as an admin: median ${asAdmin.toFixed(1)} ms`)
    console.log(`a visitor's booking (insert through the booking rule): median ${booking.toFixed(1)} ms over ${leads.length}`)
  } finally {
    await backend.close()
  }
}

await main()
