import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { consultationFlow, consultationSource as source } from '@/testing/intake/consultation-flow'
import { flowPlugin } from './vite-plugin-flow'

/** Calls a plugin hook the way Vite does, with `this.error` throwing like Rollup's. */
function hook(name: 'transform' | 'buildStart' | 'config' | 'configResolved' | 'resolveId', plugin: ReturnType<typeof flowPlugin>, ...args: unknown[]) {
  const context = {
    error: (message: string) => {
      throw new Error(message)
    },
  }
  const handler = plugin[name] as unknown as (...a: unknown[]) => unknown
  return handler.apply(context, args)
}

describe('the flow Vite plugin', () => {
  it('turns a flow file into the checked flow as plain JSON', () => {
    const result = hook('transform', flowPlugin(), source, '/work/app/flows/consultation.flow.yaml') as { code: string }
    expect(result.code.startsWith('export default {')).toBe(true)
    const flow = JSON.parse(result.code.slice('export default '.length))
    expect(flow.steps).toHaveLength(consultationFlow.steps.length)
    expect(flow.hash).toMatch(/^[0-9a-f]{14}$/)
  })

  it('leaves other modules alone', () => {
    expect(hook('transform', flowPlugin(), 'a: 1', '/x/config.yaml')).toBeNull()
    expect(hook('transform', flowPlugin(), source, '/x/consultation.flow.yaml?raw')).toBeNull()
  })

  it('fails with the positioned problems when an imported flow is invalid', () => {
    const broken = source.replace('next: gold_carat', 'next: nowhere')
    const line = broken.slice(0, broken.indexOf('nowhere')).split('\n').length
    expect(() => hook('transform', flowPlugin(), broken, `${process.cwd()}/flows/x.flow.yaml`)).toThrow(
      `invalid flow file\nflows/x.flow.yaml:${line}:11 unknown step 'nowhere'`,
    )
  })

  it('fails the build when the flow file is invalid, but not the dev server', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-plugin-'))
    const broken = join(dir, 'broken.flow.yaml')
    writeFileSync(broken, source.replace('  - id: chat_first', '  - id: chat_first_end'))
    const build = flowPlugin({ flowFile: broken })
    hook('configResolved', build, { command: 'build' })
    expect(() => hook('buildStart', build)).toThrow(`invalid flow file\n${broken}:`)
    const serve = flowPlugin({ flowFile: broken })
    hook('configResolved', serve, { command: 'serve' })
    expect(hook('buildStart', serve)).toBeUndefined()
    const good = flowPlugin()
    hook('configResolved', good, { command: 'build' })
    expect(hook('buildStart', good)).toBeUndefined()
  })

  it('resolves the shipped flow and its translations, raw or not, to the flow file it is given and the translations beside it, and leaves other files alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-plugin-'))
    for (const name of ['edited.flow.yaml', 'edited.hi.yaml']) writeFileSync(join(dir, name), '')
    const importer = join(process.cwd(), 'src/features/intake/chat/intake-machine.ts')
    const shipped = '../../../../flows/consultation.flow.yaml'
    const edited = flowPlugin({ flowFile: join(dir, 'edited.flow.yaml') })
    expect(hook('resolveId', edited, shipped, importer)).toBe(join(dir, 'edited.flow.yaml'))
    expect(hook('resolveId', edited, `${process.cwd()}/flows/consultation.flow.yaml?raw`, importer)).toBe(`${join(dir, 'edited.flow.yaml')}?raw`)
    expect(hook('resolveId', edited, `${process.cwd()}/flows/consultation.hi.yaml?raw`, importer)).toBe(`${join(dir, 'edited.hi.yaml')}?raw`)
    expect(hook('resolveId', edited, '../../../../flows/other.flow.yaml', importer)).toBeNull()
    expect(hook('resolveId', edited, '../../../../flows/consultation.flow.schema.json?raw', importer)).toBeNull()
    expect(hook('resolveId', flowPlugin(), shipped, importer)).toBeNull()
  })

  it("lets the dev server serve a flow's folder outside the project, and asks nothing for one inside it", () => {
    const outside = mkdtempSync(join(tmpdir(), 'flow-plugin-'))
    const config = hook('config', flowPlugin({ flowFile: join(outside, 'x.flow.yaml') }), { root: process.cwd() }) as { server: { fs: { allow: string[] } } }
    expect(config.server.fs.allow).toEqual([process.cwd(), outside])
    expect(hook('config', flowPlugin(), { root: process.cwd() })).toBeUndefined()
  })
})
