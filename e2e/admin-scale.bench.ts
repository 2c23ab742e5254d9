/**
 * Measures the dashboard with many leads in a real Chromium (not part of `npm run test:e2e`):
 *   npm start   (or any running app), then
 *   npm run seed:demo -- --leads 10000 --replace
 *   npx tsx e2e/admin-scale.bench.ts [--url http://localhost:5173] [--data-dir .data/local]
 * Prints the time to the first rendered table, search keystroke latencies and scroll frame times.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:5173' },
    'data-dir': { type: 'string', default: '.data/local' },
  },
})
const credentials = readFileSync(path.join(values['data-dir'], 'admin-credentials.txt'), 'utf8')
const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(credentials)?.[1]?.trim() ?? ''

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
// tsx keeps function names with a __name helper that the page does not have.
await page.addInitScript('window.__name = (fn) => fn')
await page.goto(`${values.url}/admin`)
await page.getByLabel('Email').fill(field('email'))
await page.getByLabel('Password', { exact: true }).fill(field('password'))
const signInStarted = Date.now()
await page.getByRole('button', { name: 'Sign In' }).click()
const heading = page.getByRole('heading', { name: /^Leads \(\d+\)$/ })
await heading.waitFor({ timeout: 120_000 })
const firstRender = Date.now() - signInStarted
const total = await heading.textContent()
const renderedRows = await page.locator('[data-testid="leads-scroll"] tbody tr[data-index]').count()

const keystrokes = await page.evaluate(async () => {
  const input = document.querySelector<HTMLInputElement>('input[placeholder="Search leads..."]')
  const title = [...document.querySelectorAll('h2')].find((node) => node.textContent?.startsWith('Leads ('))
  if (!input || !title) throw new Error('leads tab not found')
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  const timings: number[] = []
  for (const text of ['s', 'sh', 'sha', 'shar', 'sharma p', 'pune', '98', '']) {
    const firstRow = () => document.querySelector('[data-testid="leads-scroll"] tbody tr[data-index]')?.textContent
    const before = `${title.textContent}|${firstRow()}`
    const started = performance.now()
    setValue?.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise<void>((resolve) => {
      const check = () =>
        `${title.textContent}|${firstRow()}` !== before || performance.now() - started > 2000 ? resolve() : requestAnimationFrame(check)
      requestAnimationFrame(check)
    })
    timings.push(Math.round(performance.now() - started))
  }
  return timings
})

const frames = await page.evaluate(async () => {
  const scroller = document.querySelector<HTMLElement>('[data-testid="leads-scroll"]')
  if (!scroller) throw new Error('no scroll container')
  const gaps: number[] = []
  let last = performance.now()
  for (let step = 0; step < 120; step += 1) {
    scroller.scrollTop += scroller.scrollHeight / 150
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const now = performance.now()
    gaps.push(now - last)
    last = now
  }
  gaps.sort((a, b) => a - b)
  return { median: Math.round(gaps[60] ?? 0), p95: Math.round(gaps[114] ?? 0), worst: Math.round(gaps.at(-1) ?? 0) }
})

console.log(`table: ${total}, rows in the DOM: ${renderedRows}`)
console.log(`sign-in click to rendered table (fetch + parse + render): ${firstRender} ms`)
console.log(`search keystroke to updated table, ms: ${keystrokes.join(', ')}`)
console.log(`scroll frame gaps over 120 frames: median ${frames.median} ms, p95 ${frames.p95} ms, worst ${frames.worst} ms`)
await browser.close()
