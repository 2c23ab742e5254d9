/**
 * Realtime delivery at the dashboard's scale:
 *   npm run bench:realtime [-- <subscribers> <leads> <interval ms>]
 * Starts a fresh local backend (in-memory PGlite, or a throwaway database on the DATABASE_URL
 * server), signs in 50 admins on supabase-js clients of their own (each its own websocket) and
 * subscribes each to new leads, then inserts 200 leads as the service role, one every 50 ms, and
 * prints how many change messages arrived and how long each took. The target is p95 <= 200 ms.
 *
 * Latency is measured from the change's `commit_timestamp` to the moment the subscriber's callback
 * runs. The capture trigger stamps it when the row is written, just before the request's commit,
 * so the figure is an upper bound on commit-to-delivery; both clocks are this machine's. The time
 * from sending the insert request is printed too (it adds the HTTP request and the write).
 * Not part of `npm test`.
 */
import { performance } from 'node:perf_hooks'
import { createClient } from '@supabase/supabase-js'
import { WebSocket as NodeWebSocket } from 'ws'
import { upsertAdmin } from '../local/auth/admins.ts'
import { startLocalBackend, type RunningBackend } from '../local/local-backend.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../local/testing/throwaway-database.ts'

const subscribers = Number(process.argv[2] ?? 50)
const leads = Number(process.argv[3] ?? 200)
const intervalMs = Number(process.argv[4] ?? 50)
const targetP95Ms = 200

interface Arrival {
  id: string
  receivedAt: number
  commitTimestamp: string
}

function client(backend: RunningBackend, key: string) {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NodeWebSocket as unknown as typeof WebSocket },
  })
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b)
  const figure = (ms: number) => `${ms.toFixed(0)} ms`
  return `p50 ${figure(percentile(sorted, 0.5))}, p95 ${figure(percentile(sorted, 0.95))}, p99 ${figure(percentile(sorted, 0.99))}, max ${figure(sorted.at(-1) ?? Number.NaN)}`
}

/** Signs in an admin of its own and subscribes it to new leads; resolves once the server confirms. */
async function subscribedAdmin(backend: RunningBackend, index: number, arrivals: Arrival[]) {
  const credentials = { email: `bench-admin-${index}@example.com`, password: 'bench-password-1234' }
  await upsertAdmin(backend.context.db, credentials.email, credentials.password)
  const admin = client(backend, backend.anonKey)
  const signedIn = await admin.auth.signInWithPassword(credentials)
  if (signedIn.error) throw new Error(`sign-in failed: ${signedIn.error.message}`)
  await new Promise<void>((resolve, reject) => {
    admin
      .channel(`bench-${index}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'leads' }, (change) => {
        arrivals.push({ id: String(change.new.id), receivedAt: Date.now(), commitTimestamp: change.commit_timestamp })
      })
      .on('system', {}, (message: { extension: string; status: string; message: string }) => {
        if (message.extension !== 'postgres_changes') return
        if (message.status === 'ok') resolve()
        else reject(new Error(message.message))
      })
      .subscribe((status, error) => {
        if (status !== 'SUBSCRIBED') reject(error ?? new Error(status))
      })
  })
  return admin
}

async function insertLeads(backend: RunningBackend, sentAt: Map<string, number>) {
  const service = client(backend, backend.serviceRoleKey)
  const started = performance.now()
  for (let i = 0; i < leads; i++) {
    const delay = started + i * intervalMs - performance.now()
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    const id = `bench-${i}-${crypto.randomUUID()}`
    sentAt.set(id, Date.now())
    const { error } = await service.from('leads').insert({ id, name: 'Asha Rao', phone: '9876543210' })
    if (error) throw new Error(`insert failed: ${error.message}`)
  }
}

async function waitForArrivals(arrivals: Arrival[], expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (arrivals.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
}

async function main() {
  const serverUrl = process.env.DATABASE_URL
  const database: ThrowawayDatabase | undefined = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined
  const backend = await startLocalBackend({ port: 0, rateLimits: false, databaseUrl: database?.url })
  const arrivals: Arrival[] = []
  const admins: ReturnType<typeof client>[] = []
  try {
    console.log(`Realtime: ${subscribers} admin subscribers, ${leads} leads inserted one every ${intervalMs} ms (${serverUrl ? 'PostgreSQL server' : 'PGlite in memory'})`)
    for (let i = 0; i < subscribers; i++) admins.push(await subscribedAdmin(backend, i, arrivals))
    const sentAt = new Map<string, number>()
    await insertLeads(backend, sentAt)
    const expected = subscribers * leads
    await waitForArrivals(arrivals, expected, 10_000)

    const ours = arrivals.filter(({ id }) => sentAt.has(id))
    const share = ((100 * ours.length) / expected).toFixed(1)
    console.log(`  delivered ${ours.length} of ${expected} change messages (${share}%)`)
    console.log(`  commit_timestamp -> callback: ${summary(ours.map(({ receivedAt, commitTimestamp }) => receivedAt - Date.parse(commitTimestamp)))}  (target p95 <= ${targetP95Ms} ms)`)
    console.log(`  insert request sent -> callback: ${summary(ours.map(({ id, receivedAt }) => receivedAt - (sentAt.get(id) ?? Number.NaN)))}`)
  } finally {
    for (const admin of admins) await admin.removeAllChannels()
    await backend.close()
    await database?.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
