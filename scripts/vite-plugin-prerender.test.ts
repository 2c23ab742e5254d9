import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type IndexHtmlTransformContext, type IndexHtmlTransformHook } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { editedFlowSource } from '../src/testing/intake/edited-flow'
import { appModules } from './app-modules'
import { firstScreenMessages } from './first-screen-messages'
import { builtBrand } from '../flow-tools/brand/brand-files'
import { consultationFlowFile } from '../flow-tools/flow-files'
import { unstyledClasses } from './unstyled-classes'
import { prerenderPlugin, withFirstScreen } from './vite-plugin-prerender'

const template = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>'
/** index.html as the build hands it to the plugin: with the link to the app's one stylesheet. */
const builtTemplate = template.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>')
const entry = '/src/app/render-first-screen.tsx'
const dir = mkdtempSync(path.join(tmpdir(), 'prerender-'))

// Vite's dependency optimizer may still be writing its cache when the server has closed.
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))

async function transformed(flowFile: string, html: string, context: Partial<IndexHtmlTransformContext>): Promise<string> {
  const plugin = prerenderPlugin({ entry, renderConfig: () => appModules({ flowFile }) })
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook }
  return (await hook.handler.call({} as never, html, { path: '/index.html', filename: 'index.html', ...context })) as string
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

    const bundle = { 'assets/style-1.css': { type: 'asset', source: '.built{color:red}' } }
    const html = await transformed(edited, builtTemplate, { bundle: bundle as unknown as IndexHtmlTransformContext['bundle'] })
    expect(textOf(html, /<h1[^>]*>/, '</h1>')).toBe(builtBrand().brand.title)
    expect(textOf(html, /<div[^>]*role="log"[^>]*>/, '</main>')).toContain(welcome)
    const [head, body] = html.split('</head>')
    expect(head).toContain('<style>.built{color:red}</style>')
    expect(head).not.toContain('<link rel="stylesheet"')
    expect(bundle).toEqual({})
    expect(body).not.toContain('<style')
  }, 60_000)

  it('is served styled by the dev server: every class of its markup has a rule in the inlined CSS', async () => {
    const server = await createServer({
      ...appModules({ flowFile: consultationFlowFile }),
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, ws: false, watch: null },
      // Not the checkout's cache: a dev server running beside the tests keeps its optimized dependencies.
      cacheDir: path.join(dir, 'vite-cache'),
    })
    try {
      const html = await transformed(consultationFlowFile, template, { server })
      expect(html.split('</head>')[1]).not.toContain('<style')
      expect(unstyledClasses(html)).toEqual([])
    } finally {
      await server.close()
    }
  }, 60_000)

  it('needs an empty #root and a head in the page it fills, and CSS that stays in its style element', () => {
    const screen = { html: '<p>hi</p>', css: 'p{}' }
    expect(withFirstScreen(template, screen)).toContain('<div id="root"><p>hi</p></div>')
    expect(withFirstScreen(template, screen)).toContain('<style>p{}</style></head>')
    expect(withFirstScreen(template, { html: "<p>$' and $&</p>", css: '' })).toContain("<div id=\"root\"><p>$' and $&</p></div>")
    expect(() => withFirstScreen('<html><body><div id="root">x</div></body></html>', screen)).toThrow('an empty <div id="root"></div>')
    expect(() => withFirstScreen(template, { html: '', css: 'p{}</style><script>' })).toThrow('must not close its style element')
  })
})
