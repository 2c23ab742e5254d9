/**
 * Lighthouse on the production build:
 *   npm run bench:lighthouse
 * Builds into a temp folder, serves it with `vite preview` (local backend on a temp data folder),
 * runs Lighthouse 3 times per page in Debian's Chromium with Lighthouse's defaults (mobile, simulated
 * slow 4G and CPU slowdown) and prints the median of each figure. Not part of `npm test`; the machine
 * should be otherwise idle, so the load average is printed with the figures.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { startPreviewServer } from './bench-support/preview-server.ts'

const runsPerPage = 3
/** The home page in English and in Hindi (its prerendered Hindi screen), and the admin sign-in. */
const pages = ['/', '/?lang=hi', '/admin']
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu']

interface Figures {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
}

function figuresOf(result: Result): Figures {
  const numeric = (audit: string) => {
    const value = result.audits[audit]?.numericValue
    if (value === undefined) throw new Error(`Lighthouse reported no ${audit}${result.runtimeError ? `: ${result.runtimeError.message}` : ''}`)
    return value
  }
  return {
    performance: result.categories.performance?.score ?? Number.NaN,
    accessibility: result.categories.accessibility?.score ?? Number.NaN,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  }
}

/** One Lighthouse run in a fresh Chromium, so no run inherits another's cache. */
async function audit(url: string): Promise<Figures> {
  const chrome = await launch({ chromePath, chromeFlags })
  try {
    const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`)
    return figuresOf(runner.lhr)
  } finally {
    chrome.kill()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function medianFigures(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]))
  return { performance: of('performance'), accessibility: of('accessibility'), fcpMs: of('fcpMs'), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), cls: of('cls') }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ')

function line(label: string, figures: Figures): string {
  return [
    label.padEnd(11),
    `performance ${figures.performance.toFixed(2)}`,
    `accessibility ${figures.accessibility.toFixed(2)}`,
    `FCP ${seconds(figures.fcpMs)}`,
    `LCP ${seconds(figures.lcpMs)}`,
    `TBT ${Math.round(figures.tbtMs)} ms`,
    `CLS ${figures.cls.toFixed(3)}`,
  ].join('  ')
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'))
  const preview = await startPreviewServer({ workDir, dataDir: path.join(workDir, 'data') }).catch(async (error: unknown) => {
    await rm(workDir, { recursive: true, force: true })
    throw error
  })
  try {
    console.log(`load average before: ${load()}`)
    for (const page of pages) {
      const runs: Figures[] = []
      for (let run = 0; run < runsPerPage; run += 1) runs.push(await audit(`${preview.url}${page}`))
      for (const [index, figures] of runs.entries()) console.log(line(`  run ${index + 1}`, figures))
      console.log(line(page, medianFigures(runs)))
    }
    console.log(`load average after:  ${load()}`)
    console.log(`(median of ${runsPerPage} Lighthouse runs per page: mobile, simulated slow 4G)`)
  } finally {
    await preview.stop()
    await rm(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
