import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { IndexHtmlTransformHook } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { brand } from '../src/lib/brand'
import { editedFlowSource } from '../src/testing/intake/edited-flow'
import { appModules } from './app-modules'
import { firstScreenMessages } from './first-screen-messages'
import { defaultFlowFile } from './flow-files'
import { prerenderPlugin, withFirstScreen } from './vite-plugin-prerender'

const template = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>'
const dir = mkdtempSync(path.join(tmpdir(), 'prerender-'))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** index.html as the build writes it with the first screen rendered from `flowFile`. */
async function prerenderedWith(flowFile: string): Promise<string> {
  const plugin = prerenderPlugin({ entry: '/src/app/render-first-screen.tsx', renderConfig: () => appModules({ flowFile }) })
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook }
  return (await hook.handler.call({} as never, template, { path: '/index.html', filename: 'index.html' })) as string
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
    writeFileSync(edited, editedFlowSource(readFileSync(defaultFlowFile, 'utf8')))
    const [welcome] = firstScreenMessages(edited)
    expect(welcome).toMatch(/^Edited text/)

    const html = await prerenderedWith(edited)
    expect(textOf(html, /<h1[^>]*>/, '</h1>')).toBe(brand.title)
    expect(textOf(html, /<div[^>]*role="log"[^>]*>/, '</main>')).toContain(welcome)
    const [head, body] = html.split('</head>')
    expect(head).toMatch(/<style data-emotion="css-global [^"]+">/)
    expect(head).toMatch(/<style data-emotion="css [^"]+">/)
    expect(body).not.toContain('<style')
  }, 60_000)

  it('needs an empty #root and a head in the page it fills', () => {
    const screen = { html: '<p>hi</p>', styles: '<style>p{}</style>' }
    expect(withFirstScreen(template, screen)).toContain('<div id="root"><p>hi</p></div>')
    expect(withFirstScreen(template, screen)).toContain('<style>p{}</style></head>')
    expect(withFirstScreen(template, { html: "<p>$' and $&</p>", styles: '' })).toContain("<div id=\"root\"><p>$' and $&</p></div>")
    expect(() => withFirstScreen('<html><body><div id="root">x</div></body></html>', screen)).toThrow('an empty <div id="root"></div>')
  })
})
