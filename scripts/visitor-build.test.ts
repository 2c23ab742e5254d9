// @vitest-environment jsdom
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Manifest } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtBrand } from '../flow-tools/brand/brand-files'
import { checkedConsultationFlow, consultationFlowFile, translationFilesOf } from '../flow-tools/flow-files'
import { firstScreenMessages } from './first-screen-messages'
import { privacyPageHeadings } from './privacy-page-headings'
import { unstyledClasses } from './unstyled-classes'
import { chunksLoadedBefore } from './visitor-bundle-size'

const budgetBytes = 120 * 1024
const { brand } = builtBrand()

/** What the home page imports lazily that loads only after the name form works, or on other pages only. */
const loadedLater = [
  'src/app/start-routed-pages.tsx', // the router and the not-found page
  'src/app/start-admin-page.tsx', // the admin area, on /admin only
  'src/app/start-manage-page.tsx', // the visitor's own page for a booking, on /booking only
  'src/app/start-privacy-page.tsx', // the Privacy notice, on /privacy only
  'src/app/start-my-data-page.tsx', // the visitor's My data page, on /my-data only
  'src/app/start-quote-page.tsx', // the customer's page for a quote, on /quote only
  'src/features/intake/api/index.ts', // supabase-js: the first request is the lead save, after the last form
  'src/features/intake/recording/browser-recorder.ts', // the chat's recording: loads once the page is idle, nothing waits for it
  'src/features/intake/chat/UploadPanel.tsx',
  'src/features/intake/chat/SchedulerPanel.tsx',
  'src/features/intake/chat/book-slot.ts',
  'src/features/intake/chat/BookedLinks.tsx', // once booked; the .ics writer loads on its click
  // Each translation's texts: fetched only when a visitor chooses that language (the manifest names them from the project).
  ...translationFilesOf(consultationFlowFile).map(({ file }) => path.relative(process.cwd(), file)),
]

const outDir = mkdtempSync(path.join(tmpdir(), 'visitor-build-'))

beforeAll(() => {
  // A separate process, so the build is the production one whatever NODE_ENV the test runner set.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
}, 180_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the production build of the visitor page', () => {
  test(`downloads at most ${budgetBytes / 1024} KB of gzipped JavaScript before the name form works`, () => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
    const chunks = chunksLoadedBefore(outDir, manifest, loadedLater)
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)

    console.log(
      [
        `Visitor JavaScript before the name form works: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetBytes / 1024} KB)`,
        ...chunks.map((chunk) => `  ${chunk.file}  ${(chunk.gzipBytes / 1024).toFixed(1)} KB`),
      ].join('\n'),
    )
    expect(chunks.some((chunk) => /start-admin-page|start-manage-page|ManageBookingPage|start-my-data-page|MyDataPage|start-quote-page|QuotePage|ReschedulePanel|AdminChakra|SchedulerPanel|UploadPanel|BookedLinks|calendar-download|supabase|start-routed-pages|consultation\.[a-z]/.test(chunk.file))).toBe(false)
    expect(total).toBeLessThanOrEqual(budgetBytes)
  })

  test("has the first screen in index.html with its styles: the header and the flow file's welcome message", () => {
    const page = readFileSync(path.join(outDir, 'index.html'), 'utf8')
    const document = new DOMParser().parseFromString(page, 'text/html')
    const root = document.getElementById('root')
    expect(root?.querySelector('header h1')?.textContent).toBe(brand.title)
    expect(root?.querySelector('header')?.textContent).toContain(checkedConsultationFlow().chat.tagline)
    expect(root?.querySelector('header img')?.getAttribute('alt')).toBe(`${brand.name} logo`)
    expect(root?.querySelector('[role=log]')?.textContent).toBe(firstScreenMessages(consultationFlowFile).join(''))
    // Styled before any script runs: no stylesheet to wait for, a rule for every class.
    expect(document.querySelectorAll('link[rel=stylesheet]')).toHaveLength(0)
    expect(unstyledClasses(page)).toEqual([])
  })

  test('has the first screen in each other language after it, shown instead of it when the head script picks that language', () => {
    const page = readFileSync(path.join(outDir, 'index.html'), 'utf8')
    const document = new DOMParser().parseFromString(page, 'text/html')
    const others = translationFilesOf(consultationFlowFile)
    expect(others.map(({ language }) => language)).toContain('hi')
    for (const { language } of others) {
      const screen = document.getElementById(`root-${language}`)
      expect(screen?.getAttribute('data-first-screen')).toBe(language)
      expect(screen?.querySelector('header h1')?.textContent).toBe(brand.title)
      expect(screen?.querySelector('[role=log]')?.textContent).toBe(firstScreenMessages(consultationFlowFile, language).join(''))
      expect(page).toContain(`html[data-chat-language="${language}"] #root{display:none}`)
      expect(page).toContain(`html:not([data-chat-language="${language}"]) #root-${language}{display:none}`)
    }
    // The head's script names the language before the body is parsed.
    const script = [...document.head.querySelectorAll('script:not([src])')].map((element) => element.textContent).find((text) => text?.includes('data-chat-language'))
    expect(script).toBeDefined()
    const run = (search: string, browserLanguage: string, kept: string | null) => {
      const attributes: Record<string, string> = {}
      new Function('location', 'navigator', 'sessionStorage', 'document', script ?? '')(
        { search },
        { language: browserLanguage },
        { getItem: () => kept },
        { documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) } },
      )
      return attributes['data-chat-language']
    }
    expect(run('', 'hi-IN', null)).toBe('hi')
    expect(run('', 'en-US', null)).toBe('en')
    expect(run('?lang=hi', 'en-US', null)).toBe('hi')
    expect(run('', 'hi-IN', JSON.stringify({ snapshot: { context: { language: 'en' } } }))).toBe('en')
    expect(run('', 'en-US', 'garbage')).toBe('en')
  })

  test('has the Privacy notice prerendered, styled, in privacy.html and in each other language in privacy.<code>.html', () => {
    const files = [['en', 'privacy.html'], ...translationFilesOf(consultationFlowFile).map(({ language }) => [language, `privacy.${language}.html`])]
    expect(files.map(([language]) => language)).toContain('hi')
    for (const [language, file] of files) {
      const page = readFileSync(path.join(outDir, file!), 'utf8')
      const document = new DOMParser().parseFromString(page, 'text/html')
      const notice = document.querySelector('#root > #privacy-notice')
      expect([document.documentElement.lang.split('-')[0], notice?.getAttribute('lang')], file).toEqual([language, language])
      expect(notice?.querySelector('header h1')?.textContent).toBe(brand.title)
      const headings = [...(notice?.querySelectorAll('main h2, main h3') ?? [])].map((heading) => heading.textContent)
      expect(headings).toEqual(privacyPageHeadings(language))
      expect(document.querySelectorAll('link[rel=stylesheet]')).toHaveLength(0)
      expect(unstyledClasses(page)).toEqual([])
    }
    expect(privacyPageHeadings('hi')).not.toEqual(privacyPageHeadings())
  })
})
