import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type IndexHtmlTransformContext, type IndexHtmlTransformHook, type Plugin } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { editedFlowSource } from '../src/testing/intake/edited-flow'
import { appModules } from './app-modules'
import { firstScreenMessages } from './first-screen-messages'
import { builtBrand } from '../flow-tools/brand/brand-files'
import { consultationFlowFile } from '../flow-tools/flow-files'
import { privacyPageHeadings } from './privacy-page-headings'
import { unstyledClasses } from './unstyled-classes'
import { prerenderPlugin, withFirstScreen } from './vite-plugin-prerender'

const template = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>'
/** index.html as the build hands it to the plugin: with the link to the app's one stylesheet. */
const builtTemplate = template.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>')
const entry = '/src/app/render-first-screen.tsx'
const dir = mkdtempSync(path.join(tmpdir(), 'prerender-'))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const pages = [
  { html: 'index.html', entry },
  { html: 'privacy.html', entry: '/src/app/render-privacy-page.tsx' },
]

async function transformed(flowFile: string, html: string, context: Partial<IndexHtmlTransformContext>, plugin = prerenderPlugin({ pages, renderConfig: () => appModules({ flowFile }) })): Promise<string> {
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook }
  return (await hook.handler.call({} as never, html, { path: '/index.html', filename: 'index.html', ...context })) as string
}

/** The plugin's last step of a build: the files it writes beside the bundle's pages. */
function generated(plugin: Plugin, bundle: Record<string, unknown>): Record<string, string> {
  const written: Record<string, string> = {}
  const emitFile = ({ fileName, source }: { fileName: string; source: string }) => void (written[fileName] = source)
  ;(plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call({ emitFile }, {}, bundle)
  return written
}

/** The Privacy notice's title and section headings in prerendered markup. */
function privacyHeadings(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>([^<]*)<\/h[23]>/g)].map((match) => match[1] ?? '')
}

/** The text of an element of plain, server-rendered markup (this test runs without a DOM, as the build does). */
function textOf(html: string, open: RegExp, close: string): string {
  const start = html.search(open)
  if (start === -1) return ''
  const body = html.slice(start).replace(open, '')
  return body.slice(0, body.indexOf(close)).replace(/<[^>]*>/g, '')
}

describe('the prerendered first screen', () => {
  it("shows the header and an editor's welcome text after a build with the edited flow file", async () => {
    const edited = path.join(dir, 'edited.flow.yaml')
    writeFileSync(edited, editedFlowSource(readFileSync(consultationFlowFile, 'utf8')))
    const [welcome] = firstScreenMessages(edited)
    expect(welcome).toMatch(/^Edited text/)

    const bundle: Record<string, unknown> = { 'assets/style-1.css': { type: 'asset', source: '.built{color:red}' } }
    const plugin = prerenderPlugin({ pages, renderConfig: () => appModules({ flowFile: edited }) })
    const html = await transformed(edited, builtTemplate, { bundle: bundle as unknown as IndexHtmlTransformContext['bundle'] }, plugin)
    expect(textOf(html, /<h1[^>]*>/, '</h1>')).toBe(builtBrand().brand.title)
    expect(textOf(html, /<div[^>]*role="log"[^>]*>/, '</main>')).toContain(welcome)
    const [head, body] = html.split('</head>')
    expect(head).toContain('<style>.built{color:red}</style>')
    expect(head).not.toContain('<link rel="stylesheet"')
    bundle['index.html'] = { type: 'asset', source: html }
    expect(generated(plugin, bundle)).toEqual({})
    expect(Object.keys(bundle)).toEqual(['index.html'])
    expect(body).not.toContain('<style')
  }, 60_000)

  it('is served styled by the dev server: every class of its markup has a rule in the inlined CSS; the Privacy notice in the language ?lang= names', async () => {
    const server = await createServer({
      ...appModules({ flowFile: consultationFlowFile }),
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, ws: false, watch: null },
      // The optimizer would go on writing its cache after close, racing the folder's removal.
      optimizeDeps: { noDiscovery: true, include: [] },
      // Not the checkout's cache: a dev server running beside the tests keeps its optimized dependencies.
      cacheDir: path.join(dir, 'vite-cache'),
    })
    try {
      const html = await transformed(consultationFlowFile, template, { server })
      expect(html.split('</head>')[1]).not.toContain('<style')
      expect(unstyledClasses(html)).toEqual([])
      const privacy = (originalUrl: string) => transformed(consultationFlowFile, template, { server, path: '/privacy.html', filename: 'privacy.html', originalUrl })
      expect(privacyHeadings(await privacy('/privacy'))).toEqual(privacyPageHeadings())
      expect(privacyHeadings(await privacy('/privacy?lang=hi'))).toEqual(privacyPageHeadings('hi'))
      expect(privacyHeadings(await privacy('/privacy?lang=xx'))).toEqual(privacyPageHeadings())
      expect(unstyledClasses(await privacy('/privacy?lang=hi'))).toEqual([])
    } finally {
      await server.close()
    }
  }, 60_000)

  it('writes the Privacy notice in each other language beside privacy.html, the same page but for #root and its language', async () => {
    const bundle: Record<string, unknown> = { 'assets/style-1.css': { type: 'asset', source: '.built{color:red}' } }
    const plugin = prerenderPlugin({ pages, renderConfig: () => appModules({ flowFile: consultationFlowFile }) })
    const context = { path: '/privacy.html', filename: 'privacy.html', bundle: bundle as unknown as IndexHtmlTransformContext['bundle'] }
    const html = await transformed(consultationFlowFile, builtTemplate.replace('<html>', '<html lang="en-IN">'), context, plugin)
    expect(privacyHeadings(html)).toEqual(privacyPageHeadings())
    bundle['privacy.html'] = { type: 'asset', source: html }
    const written = generated(plugin, bundle)
    expect(Object.keys(written)).toEqual(['privacy.hi.html'])
    const hindi = written['privacy.hi.html'] ?? ''
    expect(privacyHeadings(hindi)).toEqual(privacyPageHeadings('hi'))
    expect(hindi.startsWith('<!doctype html><html lang="hi">')).toBe(true)
    expect(hindi.split('<div id="root">')[0]).toBe(html.split('<div id="root">')[0]?.replace('lang="en-IN"', 'lang="hi"'))
  }, 60_000)

  it("has vite preview serve a page's language file for its ?lang=, and the page itself otherwise", () => {
    const outDir = path.join(dir, 'preview')
    mkdirSync(outDir)
    writeFileSync(path.join(outDir, 'privacy.hi.html'), '')
    const plugin = prerenderPlugin({ pages, renderConfig: () => appModules({ flowFile: consultationFlowFile }) })
    let middleware: (request: { url?: string }, response: unknown, next: () => void) => void = () => {}
    const server = { config: { root: dir, build: { outDir: 'preview' } }, middlewares: { use: (handler: typeof middleware) => void (middleware = handler) } }
    ;(plugin.configurePreviewServer as (server: unknown) => void)(server)
    const served = (url: string) => {
      const request = { url }
      middleware(request, {}, () => {})
      return request.url
    }
    expect(served('/privacy?lang=hi')).toBe('/privacy.hi.html?lang=hi')
    expect(served('/privacy/?lang=hi&x=1')).toBe('/privacy.hi.html?lang=hi&x=1')
    for (const url of ['/privacy', '/privacy?lang=xx', '/privacy?lang=../index', '/?lang=hi', '/admin?lang=hi']) expect(served(url)).toBe(url)
  })

  it('needs an empty #root and a head in the page it fills, and CSS that stays in its style element', () => {
    const screen = { html: '<p>hi</p>', css: 'p{}' }
    expect(withFirstScreen(template, screen)).toContain('<div id="root"><p>hi</p></div>')
    expect(withFirstScreen(template, screen)).toContain('<style>p{}</style></head>')
    expect(withFirstScreen(template, { html: "<p>$' and $&</p>", css: '' })).toContain("<div id=\"root\"><p>$' and $&</p></div>")
    expect(() => withFirstScreen('<html><body><div id="root">x</div></body></html>', screen)).toThrow('an empty <div id="root"></div>')
    expect(() => withFirstScreen(template, { html: '', css: 'p{}</style><script>' })).toThrow('must not close its style element')
  })
})
