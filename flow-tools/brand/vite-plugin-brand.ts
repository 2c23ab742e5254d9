import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import type { HtmlTagDescriptor, Plugin } from 'vite'
import type { Brand } from '../../src/lib/brand.schema.ts'
import { problemReport } from '../flow-files.ts'
import { brandCss, brandPalette } from './brand-palette.ts'
import { brandFileFromEnvironment, loadBrandFile, type CheckedBrand } from './brand-files.ts'

const brandModule = 'virtual:brand'
const resolvedBrandModule = `\0${brandModule}`

export interface BrandPluginOptions {
  /** The brand file to build the app with; by default BRAND_FILE's, else the shipped brand/brand.yaml. */
  brandFile?: string
}

/** Where the app serves the logo: named by its content, so a new logo is never read from a cache. */
export function logoUrl({ logo }: CheckedBrand): string {
  return `/assets/logo-${createHash('sha256').update(logo.bytes).digest('hex').slice(0, 10)}.${logo.extension}`
}

/** What the browser gets of the brand: the brand file, with the logo's URL for its file name. */
export function appBrand(checked: CheckedBrand): Brand {
  return { ...checked.brand, logo: logoUrl(checked) }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The head's brand: the tab's title and icon, the description, the colours as CSS custom properties. */
export function brandHeadTags(checked: CheckedBrand): HtmlTagDescriptor[] {
  const { brand, logo } = checked
  return [
    { tag: 'title', children: escapeText(brand.title), injectTo: 'head' },
    { tag: 'meta', attrs: { name: 'description', content: brand.description }, injectTo: 'head' },
    { tag: 'link', attrs: { rel: 'icon', type: logo.mimeType, href: logoUrl(checked) }, injectTo: 'head' },
    { tag: 'style', children: brandCss(brandPalette(brand.colours)), injectTo: 'head' },
  ]
}

/**
 * The brand file as the app sees it, so another jeweller's brand needs no code change:
 * `virtual:brand` yields the checked brand as plain JSON (lib/brand.ts), index.html gets the title,
 * description, icon and the colours as CSS custom properties (so the prerendered first screen paints in
 * them), and the logo is served (dev) or written (build) under a URL named by its content. An invalid
 * brand fails the build, and the dev server's page, with brand:check's messages.
 */
export function brandPlugin({ brandFile = brandFileFromEnvironment() }: BrandPluginOptions = {}): Plugin {
  let building = false
  const checked = (): CheckedBrand => {
    const result = loadBrandFile(brandFile)
    if (!result.ok) throw new Error(`invalid brand file\n${problemReport(result)}`)
    return result
  }

  return {
    name: 'brand',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    buildStart() {
      if (building) checked()
    },
    resolveId(id) {
      return id === brandModule ? resolvedBrandModule : null
    },
    load(id) {
      if (id !== resolvedBrandModule) return null
      const brand = checked()
      this.addWatchFile(resolve(brandFile))
      this.addWatchFile(resolve(brand.logo.file))
      return `export const brand = ${JSON.stringify(appBrand(brand))}`
    },
    transformIndexHtml() {
      return brandHeadTags(checked())
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/assets/logo-')) return next()
        const result = loadBrandFile(brandFile)
        if (!result.ok || request.url !== logoUrl(result)) return next()
        response.setHeader('Content-Type', result.logo.mimeType)
        response.setHeader('X-Content-Type-Options', 'nosniff')
        response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        response.end(result.logo.bytes)
      })
    },
    generateBundle() {
      if (!building) return
      const brand = checked()
      this.emitFile({ type: 'asset', fileName: logoUrl(brand).slice(1), source: brand.logo.bytes })
    },
  }
}
