import { createServer, type InlineConfig, type Plugin, type ViteDevServer } from 'vite'

const emptyRoot = '<div id="root"></div>'

/** What the entry's `renderFirstScreen()` returns (src/app/render-first-screen.tsx). */
interface RenderedScreen {
  html: string
  styles: string
}

export interface PrerenderOptions {
  /** The module whose `renderFirstScreen()` renders the page, from the project root. */
  entry: string
  /**
   * A build has no dev server to render with, so it starts one with this config: the plugins and
   * aliases the entry's imports need, nothing that serves or builds.
   */
  renderConfig: () => InlineConfig
}

async function render(server: ViteDevServer, entry: string): Promise<RenderedScreen> {
  const module = await server.ssrLoadModule(entry)
  const screen: unknown = typeof module.renderFirstScreen === 'function' ? module.renderFirstScreen() : undefined
  const rendered = screen as Partial<RenderedScreen> | undefined
  if (typeof rendered?.html !== 'string' || typeof rendered.styles !== 'string') {
    throw new Error(`${entry} must export renderFirstScreen(): { html: string; styles: string }`)
  }
  return { html: rendered.html, styles: rendered.styles }
}

async function renderWithOwnServer(config: InlineConfig, entry: string): Promise<RenderedScreen> {
  const server = await createServer({
    ...config,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    return await render(server, entry)
  } finally {
    await server.close()
  }
}

/** index.html with the rendered screen in #root and its styles at the end of the head. */
export function withFirstScreen(html: string, screen: RenderedScreen): string {
  if (!html.includes(emptyRoot) || !html.includes('</head>')) throw new Error(`index.html needs a </head> and an empty ${emptyRoot}`)
  // Replacer functions: the markup and styles are inserted as they are, `$` patterns and all.
  return html.replace(emptyRoot, () => `<div id="root">${screen.html}</div>`).replace('</head>', () => `${screen.styles}</head>`)
}

/**
 * Puts the home page's first screen, rendered with React on the server and with its Emotion styles,
 * into index.html, so it paints before any script runs; the client then hydrates it. The build renders
 * once; the dev server renders on each request, so `npm start` serves what the build ships.
 */
export function prerenderPlugin({ entry, renderConfig }: PrerenderOptions): Plugin {
  return {
    name: 'prerender-first-screen',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const screen = context.server ? await render(context.server, entry) : await renderWithOwnServer(renderConfig(), entry)
        return withFirstScreen(html, screen)
      },
    },
  }
}
