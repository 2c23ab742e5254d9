import { existsSync } from 'node:fs'
import path from 'node:path'
import type { EnvironmentModuleNode, IndexHtmlTransformContext, InlineConfig, Plugin, ViteDevServer } from 'vite'
import { createServer } from 'vite'

const emptyRoot = '<div id="root"></div>'
/** A language code as `?lang=` and the language files name it: `hi`, `pt-BR`. */
const languageCode = /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/

/** The stylesheet the build links from index.html: all of the app's CSS in one file (build.cssCodeSplit false). */
const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g

/** What an entry's `renderFirstScreen()` renders (src/app/render-first-screen.tsx). */
export interface RenderedScreen {
  /** The markup of #root. */
  html: string
  /** Markup after #root: the first screen in other languages, shown instead of #root's by `head`. */
  after?: string
  /** Markup for the head, before the CSS: what picks the language shown. */
  head?: string
  /**
   * The markup of #root in other languages, by language code: a page of its own each, which the
   * build writes beside the page as `<name>.<code>.html` and the servers serve for `?lang=<code>`.
   */
  languages?: Record<string, string>
}

/** The first screen's markup, and the CSS that styles it. */
export interface FirstScreen extends RenderedScreen {
  css: string
}

/** A page of the project and what renders its markup. */
export interface PrerenderedPage {
  /** The page's HTML file, from the project root: `index.html`. */
  html: string
  /** The module whose `renderFirstScreen()` renders the page's markup, from the project root. */
  entry: string
}

export interface PrerenderOptions {
  pages: PrerenderedPage[]
  /**
   * A build has no dev server to render with, so it starts one with this config: the plugins and
   * aliases the entry's imports need, nothing that serves or builds.
   */
  renderConfig: () => InlineConfig
}

async function render(server: ViteDevServer, entry: string): Promise<RenderedScreen> {
  const module = await server.ssrLoadModule(entry)
  const screen: unknown = typeof module.renderFirstScreen === 'function' ? await module.renderFirstScreen() : undefined
  const rendered = screen as Partial<RenderedScreen> | undefined
  const optionalText = (value: unknown) => value === undefined || typeof value === 'string'
  const languages: unknown = rendered?.languages
  const textsByCode = (value: unknown) =>
    value === undefined || (typeof value === 'object' && value !== null && Object.entries(value).every(([code, html]) => languageCode.test(code) && typeof html === 'string'))
  if (typeof rendered?.html !== 'string' || !optionalText(rendered.after) || !optionalText(rendered.head) || !textsByCode(languages)) {
    throw new Error(`${entry} must export renderFirstScreen(): { html: string; after?: string; head?: string; languages?: Record<code, string> } (or a promise of it)`)
  }
  return { html: rendered.html, after: rendered.after ?? '', head: rendered.head ?? '', languages: rendered.languages ?? {} }
}

/** The language of `url`'s `?lang=`, when the entry rendered the page in it. */
function requestedCode(screen: RenderedScreen, url: string | undefined): string | undefined {
  const code = new URL(url ?? '/', 'http://page').searchParams.get('lang')
  return code !== null && Object.hasOwn(screen.languages ?? {}, code) ? code : undefined
}

/** A page's HTML with `<html lang>` naming the language it is in. */
const withLanguage = (html: string, code: string) => html.replace(/<html lang="[^"]*"/, `<html lang="${code}"`)

/** The file the build writes a page's translation to: `privacy.hi.html` for `privacy.html` in Hindi. */
export function languageFile(html: string, code: string): string {
  return html.replace(/\.html$/, `.${code}.html`)
}

/** The CSS of every stylesheet the rendered entry imports, as the dev server serves it to a <link>. */
async function importedCss(server: ViteDevServer, entry: string): Promise<string> {
  const seen = new Set<EnvironmentModuleNode>()
  const files: string[] = []
  const visit = (module: EnvironmentModuleNode | undefined) => {
    if (!module || seen.has(module)) return
    seen.add(module)
    for (const imported of module.importedModules) visit(imported)
    if (module.file?.endsWith('.css')) files.push(module.url)
  }
  visit(await server.environments.ssr.moduleGraph.getModuleByUrl(entry))
  const sheets = await Promise.all(files.map((url) => server.transformRequest(`${url}${url.includes('?') ? '&' : '?'}direct`)))
  return sheets.map((sheet) => sheet?.code ?? '').join('\n')
}

async function renderWithOwnServer(config: InlineConfig, entry: string): Promise<RenderedScreen> {
  const server = await createServer({
    ...config,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    // A cache of its own: writing the default one would take the optimized dependencies from under a
    // dev server running in the same checkout (npm start, the browser tests).
    cacheDir: 'node_modules/.vite/prerender',
  })
  try {
    return await render(server, entry)
  } finally {
    await server.close()
  }
}

/**
 * The build's stylesheet, taken out of the page: its CSS goes inline, so the first screen paints
 * without waiting for a stylesheet request. `taken` gathers the files for the bundle to drop once
 * every page has taken them (Vite links the one stylesheet into each page it finds in the bundle).
 */
function inlinedStylesheet(html: string, bundle: NonNullable<IndexHtmlTransformContext['bundle']>, taken: Set<string>): { html: string; css: string } {
  const css: string[] = []
  const page = html.replace(stylesheetLink, (_link, file: string) => {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`The page links ${file}, which the build did not write`)
    css.push(String(asset.source))
    taken.add(file)
    return ''
  })
  return { html: page, css: css.join('\n') }
}

const rootMarkup = (html: string) => `<div id="root">${html}</div>`

/** index.html with the rendered screen in #root (other languages' after it) and its head markup and CSS at the end of the head. */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  if (!html.includes(emptyRoot) || !html.includes('</head>')) throw new Error(`index.html needs a </head> and an empty ${emptyRoot}`)
  if (/<\/style/i.test(screen.css)) throw new Error('The first screen\'s CSS must not close its style element')
  // Replacer functions: the markup and CSS are inserted as they are, `$` patterns and all.
  return html
    .replace(emptyRoot, () => `${rootMarkup(screen.html)}${screen.after ?? ''}`)
    .replace('</head>', () => `${screen.head ?? ''}<style>${screen.css}</style></head>`)
}

/**
 * Puts each page's first screen, rendered with React on the server, into its HTML file with its CSS,
 * so it paints styled before any script runs; the client then hydrates it. The build renders once per
 * page, inlines the one stylesheet, and writes each other language the entry rendered as a file of
 * its own; the dev server renders on each request (in the language `?lang=` names) and inlines the
 * CSS the render imported, so `npm start` serves what the build ships; `vite preview` serves a
 * page's language file for its `?lang=`. CSS modules name their classes alike in both
 * (scripts/css-class-names.ts), or hydration would meet other class names.
 */
export function prerenderPlugin({ pages, renderConfig }: PrerenderOptions): Plugin {
  const taken = new Set<string>()
  /** Per built page, #root's markup in its own language and in the others. */
  const builtLanguages = new Map<string, { own: string; languages: Record<string, string> }>()
  const pageAt = (urlPath: string) => pages.find((page) => `/${page.html}` === urlPath)
  return {
    name: 'prerender-first-screen',
    // After Vite's own plugins, so the pages' final HTML is in the bundle when this one's generateBundle runs.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const page = pageAt(context.path)
        if (!page) return html
        if (context.server) {
          const screen = await render(context.server, page.entry)
          const css = await importedCss(context.server, page.entry)
          const code = requestedCode(screen, context.originalUrl)
          if (code === undefined) return withFirstScreen(html, { ...screen, css })
          return withLanguage(withFirstScreen(html, { ...screen, html: screen.languages?.[code] ?? '', css }), code)
        }
        const screen = await renderWithOwnServer(renderConfig(), page.entry)
        if (!context.bundle) return withFirstScreen(html, { ...screen, css: '' })
        builtLanguages.set(page.html, { own: rootMarkup(screen.html), languages: screen.languages ?? {} })
        const inlined = inlinedStylesheet(html, context.bundle, taken)
        return withFirstScreen(inlined.html, { ...screen, css: inlined.css })
      },
    },
    generateBundle(_options, bundle) {
      for (const file of taken) delete bundle[file]
      for (const [file, { own, languages }] of builtLanguages) {
        const built = bundle[file]
        const source = built?.type === 'asset' ? String(built.source) : ''
        if (!source.includes(own)) throw new Error(`The build's ${file} lost its prerendered markup`)
        for (const [code, html] of Object.entries(languages)) {
          this.emitFile({ type: 'asset', fileName: languageFile(file, code), source: withLanguage(source.replace(own, () => rootMarkup(html)), code) })
        }
      }
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://page')
        const code = url.searchParams.get('lang')
        const page = pageAt(`${url.pathname.replace(/\/$/, '')}.html`)
        const file = page && code && languageCode.test(code) ? languageFile(page.html, code) : undefined
        if (file && existsSync(path.join(outDir, file))) request.url = `/${file}${url.search}`
        next()
      })
    },
  }
}
