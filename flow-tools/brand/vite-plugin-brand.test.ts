import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { HtmlTagDescriptor } from 'vite'
import { describe, expect, it } from 'vitest'
import type { Brand } from '../../src/lib/brand.schema'
import { defaultBrandFile, loadBrandFile, secondBrandFile, type CheckedBrand } from './brand-files'
import { brandPlugin } from './vite-plugin-brand'

type BrandPlugin = ReturnType<typeof brandPlugin>

/** Calls a plugin hook the way Vite does, recording what it emits and watches. */
function hook(plugin: BrandPlugin, name: 'load' | 'resolveId' | 'buildStart' | 'configResolved' | 'transformIndexHtml' | 'generateBundle', ...args: unknown[]) {
  const emitted: { fileName: string; source: Buffer }[] = []
  const watched: string[] = []
  const context = { emitFile: (file: { fileName: string; source: Buffer }) => void emitted.push(file), addWatchFile: (file: string) => void watched.push(file) }
  const handler = plugin[name] as unknown as (...a: unknown[]) => unknown
  return { result: handler.apply(context, args), emitted, watched }
}

const checked = (file: string) => loadBrandFile(file) as CheckedBrand

/** A copy of the second brand with one line changed, beside a copy of its logo. */
function changedBrand(from: string, to: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'brand-plugin-'))
  writeFileSync(join(folder, 'brand.yaml'), readFileSync(secondBrandFile, 'utf8').replace(from, to))
  writeFileSync(join(folder, 'logo.png'), readFileSync('brand/fixtures/moti/logo.png'))
  return join(folder, 'brand.yaml')
}

/** The brand the plugin's `virtual:brand` module exports. */
function appBrandOf(plugin: BrandPlugin): Brand {
  return JSON.parse(String(hook(plugin, 'load', '\0virtual:brand').result).replace(/^export const brand = /, ''))
}

function built(plugin: BrandPlugin): BrandPlugin {
  hook(plugin, 'configResolved', { command: 'build' })
  return plugin
}

describe('the brand Vite plugin', () => {
  it('gives the app the brand file as plain JSON, with its logo at a URL named by its content, and watches both files', () => {
    const plugin = brandPlugin({ brandFile: secondBrandFile })
    const resolved = hook(plugin, 'resolveId', 'virtual:brand').result as string
    const { watched } = hook(plugin, 'load', resolved)
    const brand = appBrandOf(plugin)
    const { brand: file } = checked(secondBrandFile)
    expect(brand).toEqual({ ...file, logo: expect.stringMatching(/^\/assets\/logo-[0-9a-f]{10}\.png$/) })
    expect(watched).toEqual([resolve(secondBrandFile), resolve('brand/fixtures/moti/logo.png')])
    expect(hook(plugin, 'resolveId', 'virtual:other').result).toBeNull()
    expect(hook(plugin, 'load', '/src/main.tsx').result).toBeNull()
  })

  it("puts the brand's title, description, icon and colours into the page's head", () => {
    const plugin = brandPlugin({ brandFile: secondBrandFile })
    const tags = hook(plugin, 'transformIndexHtml', '<html></html>').result as HtmlTagDescriptor[]
    expect(tags).toEqual([
      { tag: 'title', children: 'Moti Pearl &amp; Gold House', injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'description', content: 'Pearls and gold, designed with you in Bengaluru.' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'icon', type: 'image/png', href: appBrandOf(plugin).logo }, injectTo: 'head' },
      { tag: 'style', children: expect.stringMatching(/^:root\{--brand-primary:#bae6fd;--brand-accent:#1e3a8a;/), injectTo: 'head' },
    ])
  })

  it('keeps HTML in the title as text', () => {
    const hostile = changedBrand('title: "Moti Pearl & Gold House"', 'title: "</title><script>alert(1)</script>"')
    const [title] = hook(brandPlugin({ brandFile: hostile }), 'transformIndexHtml', '').result as HtmlTagDescriptor[]
    expect(title?.children).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('writes the logo into the build under its URL', () => {
    const plugin = built(brandPlugin({ brandFile: secondBrandFile }))
    const { emitted } = hook(plugin, 'generateBundle')
    expect(emitted).toEqual([{ type: 'asset', fileName: appBrandOf(plugin).logo.slice(1), source: readFileSync('brand/fixtures/moti/logo.png') }])
  })

  it('serves the logo at its URL from the dev server, and nothing else', async () => {
    let middleware: (request: { url: string }, response: unknown, next: () => void) => void = () => {}
    const plugin = brandPlugin({ brandFile: defaultBrandFile })
    ;(plugin.configureServer as (server: unknown) => void)({ middlewares: { use: (handler: typeof middleware) => void (middleware = handler) } })
    const url = appBrandOf(plugin).logo
    const serve = (requested: string) => {
      const headers: Record<string, string> = {}
      let body: Buffer | undefined
      let passed = false
      middleware({ url: requested }, { setHeader: (name: string, value: string) => void (headers[name] = value), end: (bytes: Buffer) => void (body = bytes) }, () => void (passed = true))
      return { headers, body, passed }
    }
    const logo = serve(url)
    expect(logo.body).toEqual(readFileSync('brand/logo.svg'))
    expect(logo.headers).toMatchObject({ 'Content-Type': 'image/svg+xml', 'X-Content-Type-Options': 'nosniff' })
    expect(logo.headers['Content-Security-Policy']).toContain("default-src 'none'")
    expect(serve('/assets/logo-0000000000.svg')).toMatchObject({ passed: true, body: undefined })
    expect(serve('/brand/brand.yaml')).toMatchObject({ passed: true, body: undefined })
  })

  it('fails the build, the app module and the page with brand:check\'s messages when the brand is invalid', () => {
    const broken = changedBrand('phone: "918041234567"', 'phone: "+91 80"')
    const line = readFileSync(broken, 'utf8').split('\n').findIndex((text) => text.startsWith('phone:')) + 1
    const message = `invalid brand file\n${broken}:${line}:8 phone must be digits only: country code and number, e.g. "919876543210"`
    expect(() => hook(built(brandPlugin({ brandFile: broken })), 'buildStart')).toThrow(message)
    expect(() => hook(brandPlugin({ brandFile: broken }), 'load', '\0virtual:brand')).toThrow(message)
    expect(() => hook(brandPlugin({ brandFile: broken }), 'transformIndexHtml', '')).toThrow(message)
    const serving = brandPlugin({ brandFile: broken })
    hook(serving, 'configResolved', { command: 'serve' })
    expect(hook(serving, 'buildStart').result).toBeUndefined()
  })
})
