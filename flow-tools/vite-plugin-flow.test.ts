import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { flowPlugin } from './vite-plugin-flow'

const source = readFileSync('flows/consultation.flow.yaml', 'utf8')

/** Calls a plugin hook the way Vite does, with `this.error` throwing like Rollup's. */
function hook(name: 'transform' | 'buildStart' | 'configResolved' | 'resolveId', plugin: ReturnType<typeof flowPlugin>, ...args: unknown[]) {
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
    expect(flow.steps).toHaveLength(16)
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

  it('resolves the shipped flow to the flow file it is given, and leaves other flows alone', () => {
    const importer = join(process.cwd(), 'src/features/intake/chat/intake-machine.ts')
    const shipped = '../../../../flows/consultation.flow.yaml'
    const edited = flowPlugin({ flowFile: '/tmp/edited.flow.yaml' })
    expect(hook('resolveId', edited, shipped, importer)).toBe('/tmp/edited.flow.yaml')
    expect(hook('resolveId', edited, '../../../../flows/other.flow.yaml', importer)).toBeNull()
    expect(hook('resolveId', flowPlugin(), shipped, importer)).toBeNull()
  })
})
