/**
 * The admin dashboard at scale, in a real Chromium (not part of `npm test`):
 *   npm run bench:dashboard -- --leads 100000 --events 200000
 * Seeds a fresh local backend in a temp folder with N leads (appointments for a fifth of them) and
 * the team's data (staff, owners, history events, notes, follow-ups), builds the app and serves it
 * with `vite preview`, then measures sign-in to the leads table, search results after the last
 * keystroke, input latency, the JS heap, each option of each filter, a CSV export of every lead, the
 * Today tab (click to rows) and a lead's history (View to its first rows);
 * then, through HTTP, the Today queue, a lead's history and the recorded export.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { dataFolder } from '../supabase/local/data-folder.ts'
import { csvExport, filterTimings, inputLatencies, jsHeap, percentile, searchTimings, signInToTable } from './bench-dashboard/measure-dashboard.ts'
import { startPreviewServer } from './bench-support/preview-server.ts'
import { seedBenchData } from './bench-dashboard/seed-bench-data.ts'
import { exportTimings, signedInClient, timeCalls, type CallTimings } from './bench-dashboard/measure-team.ts'
import { historyTimings, todayTabTimings, type BrowserTimings } from './bench-dashboard/measure-team-browser.ts'

/** Names and cities of 3 to 6 letters, phone digits, and a term nobody has: more than 20 searches. */
const searchTerms = [
  'sha', 'priya', 'kochi', 'mehta', 'arjun', 'pune', 'reddy', 'kavya', 'das', 'jaipur', 'zoya', 'iyer',
  'surat', 'nair', 'desai', 'meera', 'khan', 'ishaan', '98765', '9123', '8877', '70012', '64321', 'sharx',
]

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the benchmark')
  }
}

const ms = (value: number) => `${Math.round(value)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const clicks = (timing: BrowserTimings) => `p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)} (${timing.times} times)`
const calls = (timing: CallTimings) => `p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)} (${timing.rows} rows)`

function readOptions() {
  const { values } = parseArgs({ options: { leads: { type: 'string', default: '100000' }, events: { type: 'string', default: '200000' } } })
  const leads = Number(values.leads)
  if (!Number.isInteger(leads) || leads < 1) throw new Error(`--leads must be a whole number above 0, got "${values.leads}"`)
  const events = Number(values.events)
  if (!Number.isInteger(events) || events < 0) throw new Error(`--events must be a whole number, got "${values.events}"`)
  return { leads, events }
}

async function main() {
  const { leads, events } = readOptions()
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bench-dashboard-'))
  const dataDir = path.join(workDir, 'data')
  const stops: (() => Promise<unknown>)[] = [() => rm(workDir, { recursive: true, force: true })]
  try {
    console.log(`Seeding ${leads.toLocaleString('en-IN')} leads and ${events.toLocaleString('en-IN')} more history events into ${dataDir}`)
    const seeding = Date.now()
    const { admin, staff, busiestLead } = await seedBenchData(dataDir, leads, events, (line) => console.log(line))
    console.log(`  seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s; building and serving the app`)
    const keys = JSON.parse(await readFile(dataFolder(dataDir).keys, 'utf8')) as { anonKey: string; serviceRoleKey: string }
    // Per-address limits are off: the benchmark signs in and searches faster than a person.
    const preview = await startPreviewServer({ workDir, dataDir, env: { LOCAL_BACKEND_RATE_LIMITS: 'off' } })
    stops.unshift(() => preview.stop())
    const service = createClient(preview.url, keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
    })
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--enable-precise-memory-info'],
    })
    stops.unshift(() => browser.close())

    const loadBefore = os.loadavg()[0]!
    const signIn = await signInToTable(browser, preview.url, admin)
    const searches = await searchTimings(signIn.page, service, searchTerms)
    const latencies = await inputLatencies(signIn.page)
    const heap = await jsHeap(signIn.page)
    const filters = await filterTimings(signIn.page, service)
    const csv = await csvExport(signIn.page, heap.cdp, leads)
    const todayTab = await todayTabTimings(signIn.page, 5)
    const historyShown = await historyTimings(signIn.page, service, busiestLead, 5)

    const adminClient = await signedInClient(preview.url, keys.anonKey, admin.email, admin.password)
    const staffClient = await signedInClient(preview.url, keys.anonKey, staff[0]!.email, staff[0]!.password)
    const historyEvents = (await service.from('lead_events').select('id', { count: 'exact', head: true })).count ?? 0
    const todayAdmin = await timeCalls(10, () => adminClient.rpc('today_queue'))
    const todayStaff = await timeCalls(10, () => staffClient.rpc('today_queue'))
    const busiestHistory = await timeCalls(10, () => adminClient.rpc('lead_history', { lead_id: busiestLead }))
    const typicalHistory = await timeCalls(10, () => staffClient.rpc('lead_history', { lead_id: 'bench-00000003' }))
    const stats = await timeCalls(10, () => staffClient.rpc('dashboard_stats'))
    const staffId = (await staffClient.auth.getUser()).data.user!.id
    const page = (query: ReturnType<typeof staffClient.rpc>) => query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(50)
    const mine = await timeCalls(10, () => page(staffClient.rpc('search_leads', { term: '' }, { count: 'exact' }).eq('owner_id', staffId)))
    const pool = await timeCalls(10, () => page(staffClient.rpc('search_leads', { term: '' }, { count: 'exact' }).is('owner_id', null)))
    const recordedExport = await exportTimings(adminClient)

    console.log('')
    const load = `load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`
    console.log(`Dashboard with ${leads.toLocaleString('en-IN')} leads (production build, vite preview, local backend, Chromium, ${os.cpus().length} cores, ${load})`)
    console.log(`  sign-in click to the leads table:      ${ms(signIn.ms)}`)
    for (const search of searches) {
      console.log(`    "${search.term}" (${search.matches.toLocaleString('en-IN')} matches): rows ${ms(search.rowsMs)}, count ${ms(search.countMs)}`)
    }
    const rows = searches.map((search) => search.rowsMs)
    const counts = searches.map((search) => search.countMs)
    console.log(`  search, last keystroke to the right rows:  p50 ${ms(percentile(rows, 50))}, p95 ${ms(percentile(rows, 95))} (${searches.length} searches)`)
    console.log(`  search, last keystroke to the right count: p50 ${ms(percentile(counts, 50))}, p95 ${ms(percentile(counts, 95))}`)
    for (const filter of filters) {
      console.log(`    ${filter.filter} "${filter.option}" (${filter.matches.toLocaleString('en-IN')} matches): rows ${ms(filter.rowsMs)}, count ${ms(filter.countMs)}`)
    }
    const filterRows = filters.map((filter) => filter.rowsMs)
    const filterCounts = filters.map((filter) => filter.countMs)
    console.log(`  filter, choice to the right rows:      p50 ${ms(percentile(filterRows, 50))}, p95 ${ms(percentile(filterRows, 95))} (${filters.length} options)`)
    console.log(`  filter, choice to the right count:     p50 ${ms(percentile(filterCounts, 50))}, p95 ${ms(percentile(filterCounts, 95))}`)
    console.log(`  input latency, keydown to next frame:  p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))} (${latencies.length} keystrokes)`)
    console.log(`  JS heap after the searches:            ${mb(heap.used)} (${mb(heap.afterGc)} after a garbage collection)`)
    console.log(`  CSV of every lead:                     ${ms(csv.ms)} (${csv.rows.toLocaleString('en-IN')} rows, JS heap peak ${mb(csv.peakHeap)})`)
    console.log(`  Today tab, click to its rows:           ${clicks(todayTab)}`)
    console.log(`  a lead's details, View to history rows: ${clicks(historyShown)} (the longest history)`)
    console.log(`  Through HTTP, with ${historyEvents.toLocaleString('en-IN')} history events (10 calls each):`)
    console.log(`    today_queue() as an admin:           ${calls(todayAdmin)}`)
    console.log(`    today_queue() as staff:              ${calls(todayStaff)}`)
    console.log(`    lead_history, the longest history:   ${calls(busiestHistory)}`)
    console.log(`    lead_history, a lead as staff:       ${calls(typicalHistory)}`)
    console.log(`    dashboard_stats() as staff:          ${calls(stats)}`)
    console.log(`    staff's "mine", first page and count: ${calls(mine)}`)
    console.log(`    staff's "unassigned", page and count: ${calls(pool)}`)
    console.log(`    export_leads_chunk, every lead:      ${ms(recordedExport.recordedMs)} (${recordedExport.rows.toLocaleString('en-IN')} rows, recorded); the same pages read plainly ${ms(recordedExport.plainMs)}`)
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error))
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
