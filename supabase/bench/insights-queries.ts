/**
 * Speed of the insights tab's queries at volume:
 *   npm run bench:insights [-- <sessions>]
 * Starts an in-memory local backend, seeds 100,000 chat sessions (about a million step rows) over
 * the last 90 days as the superuser, then calls each admin function through supabase-js as an
 * admin, five times per period, and prints the median times. Periods are the last 7, 30 and 90 days
 * as calendar days in India (midnight to midnight, all read from the per-day counts) and as rolling
 * windows ending now (a day or two of rows read at the edges). The target is under 500 ms each.
 * Not part of `npm test`.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@supabase/supabase-js'
import { upsertAdmin } from '../local/auth/admins.ts'
import { startLocalBackend } from '../local/local-backend.ts'
import { seedChatSessions } from './chat-sessions-seed.ts'

const runsPerQuery = 5
const periodDays = [7, 30, 90]
const dayMs = 86_400_000
const istOffsetMs = 5.5 * 3_600_000

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the insights benchmark')
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function medianMs(run: () => PromiseLike<{ error: unknown }>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runsPerQuery; i++) {
    const started = performance.now()
    const { error } = await run()
    times.push(performance.now() - started)
    if (error) throw new Error(`query failed: ${JSON.stringify(error)}`)
  }
  return median(times)
}

async function main() {
  const sessions = Number(process.argv[2] ?? 100_000)
  const backend = await startLocalBackend({ port: 0, rateLimits: false })
  try {
    const admin = { email: 'bench-admin@example.com', password: 'bench-password-1234' }
    await upsertAdmin(backend.context.db, admin.email, admin.password)
    console.log(`Seeding ${sessions.toLocaleString('en-IN')} chat sessions...`)
    const seedStarted = performance.now()
    await seedChatSessions(backend.context.db, sessions, (line) => console.log(line))
    const { rows } = await backend.context.db.transaction((s) =>
      s.query<{ steps: number; leads: number; appointments: number }>(
        `select (select count(*)::int from public.chat_steps) as steps, (select count(*)::int from public.leads) as leads,
                (select count(*)::int from public.appointments) as appointments`,
      ),
    )
    console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s: ${JSON.stringify(rows[0])}`)
    // The funnel is asked for the seeded steps, as the dashboard asks for the flow's.
    const seededSteps = await backend.context.db.transaction((s) => s.query<{ step_id: string }>('select distinct step_id from public.chat_steps'))
    const stepIds = seededSteps.rows.map(({ step_id }) => step_id)

    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
    })
    const signedIn = await client.auth.signInWithPassword(admin)
    if (signedIn.error) throw new Error(`sign-in failed: ${signedIn.error.message}`)

    console.log(`\nMedian of ${runsPerQuery} calls through supabase-js as an admin (target < 500 ms):`)
    const now = Date.now()
    const tomorrow = Date.parse(`${new Date(now + istOffsetMs + dayMs).toISOString().slice(0, 10)}T00:00:00+05:30`)
    const periods = periodDays.flatMap((days) => [
      { label: `last ${days} calendar days`, from: tomorrow - days * dayMs, to: tomorrow },
      { label: `last ${days} x 24 hours`, from: now - days * dayMs, to: now },
    ])
    for (const { label, from, to } of periods) {
      const period = { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
      const figures = {
        chat_funnel: await medianMs(() => client.rpc('chat_funnel', { ...period, step_ids: stepIds })),
        chat_totals: await medianMs(() => client.rpc('chat_totals', period)),
        chat_sources: await medianMs(() => client.rpc('chat_sources', period)),
      }
      console.log(`  ${label.padEnd(24)} ${Object.entries(figures).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`)
    }
    const page = await medianMs(() => client.rpc('unfinished_chats', {}, { count: 'exact' }).range(0, 19))
    console.log(`  unfinished_chats, first page of 20 with the exact count: ${page.toFixed(0)} ms`)
  } finally {
    await backend.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
