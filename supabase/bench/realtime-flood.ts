/**
 * Whether a Realtime join flood slows the visitors' API:
 *   npm run bench:realtime-flood [-- <flood seconds>]
 * Starts a fresh local backend (in-memory PGlite, or a throwaway database on the DATABASE_URL
 * server) with its per-address limits on, then calls `bookable_slots` for a week (the RPC the
 * visitor's scheduler makes) as a visitor, one call after another, and prints its latency
 * p50/p95/max: at rest, while 20 anonymous websockets (each from an address of its own, so the
 * per-address cap lets them all in)
 * send 30 joins of 100 postgres_changes entries each, the same again as soon as all are answered,
 * and open again whenever the server closes them, and in the seconds after the flood stops; then
 * what the flood saw and how many joins the server ran or dropped. The target is p95 < 200 ms during
 * the flood and at once after it. Not part of `npm test`.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@supabase/supabase-js'
import { WebSocket as NodeWebSocket } from 'ws'
import { startLocalBackend } from '../local/local-backend.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../local/testing/throwaway-database.ts'
import { startJoinFlood, type FloodTally } from './join-flood.ts'
import { istDateKey } from '@/lib/dayjs'

const floodSeconds = Number(process.argv[2] ?? 10)
const restSeconds = 3
const afterSeconds = 5
const pauseBetweenCallsMs = 20
const targetP95Ms = 200
const plan = { sockets: 20, joinsPerSocket: 30, entriesPerJoin: 100 }

interface Sample {
  at: number
  ms: number
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

function summary(samples: Sample[]): string {
  const sorted = samples.map(({ ms }) => ms).sort((a, b) => a - b)
  const figure = (ms: number) => `${ms.toFixed(0)} ms`
  return `${samples.length} calls: p50 ${figure(percentile(sorted, 0.5))}, p95 ${figure(percentile(sorted, 0.95))}, max ${figure(sorted.at(-1) ?? Number.NaN)}`
}

function listed(tally: Map<string | number, number>): string {
  return [...tally].map(([key, times]) => `${times} x ${key}`).join('; ') || 'none'
}

function printTally(tally: FloodTally): void {
  console.log(`  flood: ${tally.opened} sockets opened, ${tally.joinsSent} joins sent, ${tally.joinsAnswered} answered`)
  console.log(`    upgrades refused: ${listed(tally.refusedUpgrades)}`)
  console.log(`    join errors: ${listed(tally.joinErrors)}`)
  console.log(`    closed by the server: ${listed(tally.closes)}`)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main() {
  const serverUrl = process.env.DATABASE_URL
  const database: ThrowawayDatabase | undefined = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined
  const backend = await startLocalBackend({ port: 0, databaseUrl: database?.url })
  const visitor = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NodeWebSocket as unknown as typeof WebSocket },
  })
  const week = { from_date: istDateKey(Date.now()), to_date: istDateKey(Date.now() + 6 * 86_400_000) }
  const samples: Sample[] = []
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const started = performance.now()
      const { error } = await visitor.rpc('bookable_slots', week)
      if (error) throw new Error(`bookable_slots failed: ${error.message}`)
      samples.push({ at: started, ms: performance.now() - started })
      await sleep(pauseBetweenCallsMs)
    }
  })()
  const between = (from: number, to: number) => samples.filter(({ at }) => at >= from && at < to)
  try {
    console.log(
      `Realtime join flood: ${plan.sockets} anonymous sockets x ${plan.joinsPerSocket} joins x ${plan.entriesPerJoin} postgres_changes, ` +
        `${floodSeconds} s (${serverUrl ? 'PostgreSQL server' : 'PGlite in memory'})`,
    )
    const restStarted = performance.now()
    await sleep(restSeconds * 1000)
    const floodStarted = performance.now()
    const flood = startJoinFlood({ url: backend.url, anonKey: backend.anonKey, ...plan })
    await sleep(floodSeconds * 1000)
    flood.stop()
    const floodStopped = performance.now()
    await sleep(afterSeconds * 1000)
    sampling = false
    await sampler

    console.log(`  bookable_slots at rest:           ${summary(between(restStarted, floodStarted))}`)
    console.log(`  bookable_slots during the flood:  ${summary(between(floodStarted, floodStopped))}  (target p95 < ${targetP95Ms} ms)`)
    console.log(`  bookable_slots first second after: ${summary(between(floodStopped, floodStopped + 1000))}`)
    console.log(`  bookable_slots ${afterSeconds} s after:         ${summary(between(floodStopped, Number.POSITIVE_INFINITY))}`)
    printTally(flood.tally)
    const load = await backend.realtimeLoad()
    console.log(`  server: ${load.joinsRun} joins ran their database work, ${load.dropped} messages and joins dropped because their socket had closed`)
  } finally {
    sampling = false
    await sampler.catch(() => undefined)
    await backend.close()
    await database?.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
