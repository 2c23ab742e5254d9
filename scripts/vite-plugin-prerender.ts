import type { EnvironmentModuleNode, IndexHtmlTransformContext, InlineConfig, Plugin, ViteDevServer } from 'vite'
import { createServer } from 'vite'

const emptyRoot = '<div id="root"></div>'

/** The stylesheet the build links from index.html: all of the app's CSS in one file (build.cssCodeSplit false). */
const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g

/** What the entry's `renderFirstScreen()` renders (src/app/render-first-screen.tsx). */
export interface RenderedScreen {
  /** The markup of #root. */
  html: string
  /** Markup after #root: the first screen in other languages, shown instead of #root's by `head`. */
  after?: string
  /** Markup for the head, before the CSS: what picks the language shown. */
  head?: string
}

/** The first screen's markup, and the CSS that styles it. */
export interface FirstScreen extends RenderedScreen {
  css: string
}

export interface PrerenderOptions {
  /** The module whose `renderFirstScreen()` renders the page's markup, from the project root. */
  entry: string
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
  if (typeof rendered?.html !== 'string' || !optionalText(rendered.after) || !optionalText(rendered.head)) {
    throw new Error(`${entry} must export renderFirstScreen(): { html: string; after?: string; head?: string } (or a promise of it)`)
  }
  return { html: rendered.html, after: rendered.after ?? '', head: rendered.head ?? '' }
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
 * The build's stylesheet, taken out of the bundle and out of the page: its CSS goes inline, so the first
 * screen paints without waiting for a stylesheet request.
 */
function inlinedStylesheet(html: string, bundle: NonNullable<IndexHtmlTransformContext['bundle']>): { html: string; css: string } {
  const css: string[] = []
  const page = html.replace(stylesheetLink, (_link, file: string) => {
    const asset = bundle[file]
    if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which the build did not write`)
    css.push(String(asset.source))
    delete bundle[file]
    return ''
  })
  return { html: page, css: css.join('\n') }
}

/** index.html with the rendered screen in #root (other languages' after it) and its head markup and CSS at the end of the head. */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  if (!html.includes(emptyRoot) || !html.includes('</head>')) throw new Error(`index.html needs a </head> and an empty ${emptyRoot}`)
  if (/<\/style/i.test(screen.css)) throw new Error('The first screen\'s CSS must not close its style element')
  // Replacer functions: the markup and CSS are inserted as they are, `$` patterns and all.
  return html
    .replace(emptyRoot, () => `<div id="root">${screen.html}</div>${screen.after ?? ''}`)
    .replace('</head>', () => `${screen.head ?? ''}<style>${screen.css}</style></head>`)
}

/**
 * Puts the home page's first screen, rendered with React on the server, into index.html with its CSS,
 * so it paints styled before any script runs; the client then hydrates it. The build renders once and
 * inlines its one stylesheet; the dev server renders on each request and inlines the CSS the render
 * imported, so `npm start` serves what the build ships. CSS modules name their classes alike in both
 * (scripts/css-class-names.ts), or hydration would meet other class names.
 */
export function prerenderPlugin({ entry, renderConfig }: PrerenderOptions): Plugin {
  return {
    name: 'prerender-first-screen',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (context.server) {
          const screen = await render(context.server, entry)
          return withFirstScreen(html, { ...screen, css: await importedCss(context.server, entry) })
        }
        const screen = await renderWithOwnServer(renderConfig(), entry)
        if (!context.bundle) return withFirstScreen(html, { ...screen, css: '' })
        const page = inlinedStylesheet(html, context.bundle)
        return withFirstScreen(page.html, { ...screen, css: page.css })
      },
    },
  }
}
