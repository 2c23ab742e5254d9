import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { percentile } from './measure-dashboard.ts'

export interface CallTimings {
  p50: number
  p95: number
  rows: number
}

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the benchmark')
  }
}

/** A signed-in client of the served app's backend, as the dashboard has one. */
export async function signedInClient(url: string, anonKey: string, email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  })
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`signing in ${email} failed: ${error.message}`)
  return client
}

/** `times` calls of one request through HTTP, one after another: p50 and p95 of the round trip. */
export async function timeCalls(times: number, call: () => PromiseLike<{ data: unknown; error: unknown }>): Promise<CallTimings> {
  const durations: number[] = []
  let rows = 0
  for (let attempt = 0; attempt < times; attempt += 1) {
    const started = performance.now()
    const { data, error } = await call()
    durations.push(performance.now() - started)
    if (error) throw new Error(`the timed call failed: ${JSON.stringify(error)}`)
    rows = Array.isArray(data) ? data.length : 1
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), rows }
}

export interface ExportTimings {
  /** Every lead through export_leads_chunk (which records each page). */
  recordedMs: number
  /** The same pages read from leads without recording. */
  plainMs: number
  rows: number
}

/** A whole export page by page through the recording function, then the same keyset pages read plainly. */
export async function exportTimings(admin: SupabaseClient): Promise<ExportTimings> {
  const exportId = crypto.randomUUID()
  let after: { created_at: string; id: string } | null = null
  let rows = 0
  let started = performance.now()
  for (;;) {
    const args: Record<string, unknown> = { export_id: exportId, filters: {} }
    if (after) Object.assign(args, { after_created_at: after.created_at, after_id: after.id })
    const { data, error } = await admin.rpc('export_leads_chunk', args)
    if (error) throw new Error(`export failed: ${error.message}`)
    const page = data as { created_at: string; id: string }[]
    rows += page.length
    if (page.length < 1000) break
    after = page.at(-1)!
  }
  const recordedMs = performance.now() - started
  started = performance.now()
  let cursor: { created_at: string } | null = null
  for (;;) {
    let query = admin.from('leads').select('*').order('created_at', { ascending: false }).order('id', { ascending: false }).limit(1000)
    // The seed's creation times are whole seconds over three years: ties across a page edge are rare enough for a timing.
    if (cursor) query = query.lt('created_at', cursor.created_at)
    const { data, error } = await query
    if (error) throw new Error(`plain read failed: ${error.message}`)
    const page = data as { created_at: string; id: string }[]
    if (page.length < 1000) break
    cursor = page.at(-1)!
  }
  return { recordedMs, plainMs: performance.now() - started, rows }
}
