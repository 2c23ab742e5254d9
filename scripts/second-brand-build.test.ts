// @vitest-environment jsdom
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultBrandFile, loadBrandFile, secondBrandFile, type CheckedBrand } from '../flow-tools/brand/brand-files'
import { checkedConsultationFlow } from '../flow-tools/flow-files'

const outDir = mkdtempSync(path.join(tmpdir(), 'second-brand-build-'))
const second = loadBrandFile(secondBrandFile) as CheckedBrand
const shipped = loadBrandFile(defaultBrandFile) as CheckedBrand

beforeAll(() => {
  // `vite build` as another jeweller runs it: the same code, BRAND_FILE naming their brand file.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production', BRAND_FILE: secondBrandFile },
    stdio: 'inherit',
  })
}, 180_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const page = () => readFileSync(path.join(outDir, 'index.html'), 'utf8')
const parsed = () => new DOMParser().parseFromString(page(), 'text/html')

describe("the production build with a second jeweller's brand file", () => {
  test("has that brand's title, description, icon and colours in the page's head", () => {
    const document = parsed()
    expect(document.title).toBe(second.brand.title)
    expect(document.querySelector('meta[name=description]')?.getAttribute('content')).toBe(second.brand.description)
    const icon = document.querySelector('link[rel=icon]')
    expect(icon?.getAttribute('type')).toBe('image/png')
    expect(readFileSync(path.join(outDir, icon?.getAttribute('href') ?? ''))).toEqual(second.logo.bytes)
    expect(page()).toContain(`--brand-primary:${second.brand.colours.primary};--brand-accent:${second.brand.colours.accent};`)
  })

  test('prerenders the first screen with its name, its logo and the flow\'s tagline, in every language', () => {
    const document = parsed()
    const screens = [...document.querySelectorAll('#root, [data-first-screen]')]
    expect(screens.length).toBeGreaterThan(1)
    for (const screen of screens) {
      expect(screen.querySelector('header h1')?.textContent).toBe(second.brand.title)
      const logo = screen.querySelector('header img')
      expect(logo?.getAttribute('alt')).toBe(`${second.brand.name} logo`)
      expect(logo?.getAttribute('src')).toBe(document.querySelector('link[rel=icon]')?.getAttribute('href'))
    }
    expect(document.querySelector('#root header')?.textContent).toContain(checkedConsultationFlow().chat.tagline)
  })

  test("ships its numbers and short name to the browser, and none of the shipped brand's; its page shows nothing of the shipped brand", () => {
    const scripts = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(outDir, 'assets', file), 'utf8'))
      .join('\n')
    // Booleans, not the bundle: a failure names the value, not megabytes of script.
    for (const value of [second.brand.whatsapp, second.brand.phone, second.brand.short_name]) expect(scripts.includes(value), value).toBe(true)
    for (const value of [shipped.brand.whatsapp, shipped.brand.phone]) expect(scripts.includes(value), value).toBe(false)
    // The flow's texts are the editors' (its follow-up message names the business), so only the page is free of the shipped names.
    for (const value of [shipped.brand.title, shipped.brand.name, shipped.brand.description]) expect(page().includes(value), value).toBe(false)
    expect(page().includes(shipped.brand.colours.primary)).toBe(false)
    expect(page().includes(shipped.brand.colours.accent)).toBe(false)
  })
})
