import { createReadStream } from 'node:fs'
import type { Browser, CDPSession, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { leadsMatching } from '../../src/features/leads/api/lead-reads.ts'
import { leadFilters } from '../../src/features/leads/lead-filters.ts'
import { noLeadFilters, type LeadFilters } from '../../src/features/leads/lead-query.ts'
import { randomSource } from '../seed-demo/demo-data.ts'
import type { BenchAdmin } from './seed-bench-data.ts'

/** What the page records: keydown to next frame, the last keystroke, the last filter chosen, sign-in click and first rows. */
const pageProbe = `
  window.__name = (fn) => fn
  window.__bench = { latencies: [], lastKeyAt: 0, changedAt: 0, clickAt: 0, tableAt: 0 }
  document.addEventListener('keydown', (event) => {
    const pressed = event.timeStamp
    window.__bench.lastKeyAt = performance.now()
    requestAnimationFrame(() => window.__bench.latencies.push(performance.now() - pressed))
  }, { capture: true })
  document.addEventListener('change', () => (window.__bench.changedAt = performance.now()), { capture: true })
`

const tableRow = '[data-testid="leads-scroll"] tbody tr[data-index]:not([data-testid="placeholder-row"])'

export interface SearchTiming {
  term: string
  matches: number
  /** Last keystroke to the right first row on screen. */
  rowsMs: number
  /** Last keystroke to the right count in the title. */
  countMs: number
}

export interface FilterTiming {
  /** The filter's label and the option chosen. */
  filter: string
  option: string
  matches: number
  /** The choice to the right first row on screen. */
  rowsMs: number
  /** The choice to the right count in the title. */
  countMs: number
}

interface Expected {
  matches: number
  /** The phone of the newest matching lead (phones tell the rows apart). */
  firstPhone: string | null
}

/** What the leads table should show for the filters, asked as the app asks (as the service role). */
async function expectedResults(service: SupabaseClient, filters: LeadFilters): Promise<Expected> {
  const [newest, counted] = await Promise.all([
    leadsMatching(service, filters, 'phone').order('created_at', { ascending: false }).order('id', { ascending: false }).limit(1),
    leadsMatching(service, filters, 'id', { count: 'exact', head: true }),
  ])
  const error = newest.error ?? counted.error
  if (error) throw new Error(`expected results of ${JSON.stringify(filters)}: ${error.message}`)
  return { matches: counted.count ?? 0, firstPhone: (newest.data as unknown as { phone: string }[])[0]?.phone ?? null }
}

/**
 * Resolves once the leads table shows the expected rows and count, with the time from the page's
 * last keystroke (\`lastKeyAt\`) or last filter choice (\`changedAt\`) to each.
 */
function settled(page: Page, expected: Expected, since: 'lastKeyAt' | 'changedAt') {
  return page.evaluate(
    ({ matches, firstPhone, row, since }) =>
      new Promise<{ rowsMs: number; countMs: number }>((resolve, reject) => {
        const bench = (window as unknown as { __bench: Record<string, number> }).__bench
        const started = performance.now()
        let rowsAt = 0
        let countAt = 0
        const check = () => {
          const scroller = document.querySelector('[data-testid="leads-scroll"]')
          const title = [...document.querySelectorAll('h2')].find((node) => node.textContent?.startsWith('Leads ('))
          const firstRow = document.querySelector(`${row}[data-index="0"]`)
          const current = scroller?.getAttribute('aria-busy') !== 'true'
          const rowsRight =
            matches === 0
              ? document.body.textContent?.includes('No leads found')
              : current && firstPhone !== null && !!firstRow?.textContent?.includes(firstPhone)
          if (!rowsAt && rowsRight) rowsAt = performance.now()
          // Until the new rows arrive the title keeps the count of the rows shown, which may be the same number.
          if (!countAt && current && title?.textContent === `Leads (${matches})`) countAt = performance.now()
          if (rowsAt && countAt) resolve({ rowsMs: rowsAt - bench[since]!, countMs: countAt - bench[since]! })
          else if (performance.now() - started > 60_000) reject(new Error('the results never settled'))
          else requestAnimationFrame(check)
        }
        check()
      }),
    { ...expected, row: tableRow, since },
  )
}

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** Signs in and measures the click to the first rows of the leads table. */
export async function signInToTable(browser: Browser, url: string, admin: BenchAdmin) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.addInitScript(pageProbe)
  await page.goto(`${url}/admin`)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.evaluate((row) => {
    const bench = (window as unknown as { __bench: Record<string, number> }).__bench
    const button = [...document.querySelectorAll('button')].find((node) => node.textContent === 'Sign In')
    button?.addEventListener('click', () => (bench.clickAt = performance.now()), { capture: true })
    new MutationObserver(() => {
      if (!bench.tableAt && document.querySelector(row)) bench.tableAt = performance.now()
    }).observe(document.body, { subtree: true, childList: true })
  }, tableRow)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForSelector(tableRow, { timeout: 120_000 })
  await page.getByRole('heading', { name: /^Leads \(\d+\)$/ }).waitFor({ timeout: 120_000 })
  const ms = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: Record<string, number> }).__bench
    return bench.tableAt - bench.clickAt
  })
  return { page, ms }
}

/**
 * Types each term over the last one (select all, then the letters) with a person's keystroke
 * timing, and measures the last keystroke to the right rows and to the right count on screen.
 */
export async function searchTimings(page: Page, service: SupabaseClient, terms: readonly string[]): Promise<SearchTiming[]> {
  const random = randomSource(42)
  const input = page.getByPlaceholder('Search leads...')
  const timings: SearchTiming[] = []
  for (const term of terms) {
    const expected = await expectedResults(service, { ...noLeadFilters, search: term })
    await input.click()
    await page.keyboard.press('ControlOrMeta+A')
    for (const letter of term) {
      await page.keyboard.type(letter)
      await page.waitForTimeout(90 + Math.floor(random.next() * 130))
    }
    const shown = await settled(page, expected, 'lastKeyAt')
    timings.push({ term, matches: expected.matches, ...shown })
    await page.waitForTimeout(500)
  }
  return timings
}

/**
 * Chooses each option of each filter of the leads tab in turn (what the page offers; the search box
 * cleared, the other filters on "All ..."), and measures the choice to the right rows and count.
 */
export async function filterTimings(page: Page, service: SupabaseClient): Promise<FilterTiming[]> {
  await page.getByPlaceholder('Search leads...').fill('')
  const timings: FilterTiming[] = []
  for (const filter of leadFilters) {
    const control = page.getByLabel(`${filter.label} filter`)
    const options = await control.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))
    const [all, ...values] = options
    for (const value of values) {
      const expected = await expectedResults(service, { ...noLeadFilters, [filter.key]: value })
      await control.selectOption(value)
      timings.push({ filter: filter.label, option: value, matches: expected.matches, ...(await settled(page, expected, 'changedAt')) })
      await page.waitForTimeout(300)
    }
    await control.selectOption(all!)
  }
  return timings
}

export async function inputLatencies(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __bench: { latencies: number[] } }).__bench.latencies)
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN
}

/** The page's JS heap as it is, and after a garbage collection. */
export async function jsHeap(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const used = await heapUsed(cdp)
  await cdp.send('HeapProfiler.collectGarbage')
  return { used, afterGc: await heapUsed(cdp), cdp }
}

async function countLines(file: string): Promise<number> {
  let lines = 0
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1
  }
  return lines
}

/** Clears the search, exports every lead and measures the click to the finished download, sampling the JS heap meanwhile. */
export async function csvExport(page: Page, cdp: CDPSession, totalLeads: number) {
  const input = page.getByPlaceholder('Search leads...')
  await input.fill('')
  await page.getByRole('heading', { name: `Leads (${totalLeads})` }).waitFor({ timeout: 60_000 })
  await page.waitForSelector('[data-testid="leads-scroll"][aria-busy="false"]')
  let peak = 0
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await heapUsed(cdp))
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  const downloaded = page.waitForEvent('download', { timeout: 30 * 60_000 })
  const started = Date.now()
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloaded
  const file = await download.path()
  const ms = Date.now() - started
  sampling = false
  await sampler
  const rows = (await countLines(file)) - 1
  if (rows !== totalLeads) throw new Error(`the CSV holds ${rows} leads, not ${totalLeads}`)
  return { ms, rows, peakHeap: peak }
}
