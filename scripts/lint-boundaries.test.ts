import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

const config = path.resolve('eslint.config.js')

/** The messages the project's lint gives a file with this text at this path of the repository. */
async function lintAt(filePath: string, text: string): Promise<string[]> {
  const [result] = await new ESLint({ overrideConfigFile: config }).lintText(text, { filePath })
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)
}

describe('npm run lint keeps the parts of src/ to the arrows of docs/architecture.md, Who may import whom', () => {
  it('refuses visitor code that imports admin code', async () => {
    const messages = await lintAt('src/features/intake/lead-probe.ts', "export { leadsApi } from '../leads/api'\n")
    expect(messages).toEqual([
      'project/feature-boundaries: features/intake may not import features/leads (docs/architecture.md, Who may import whom: features/intake may import features/scheduling, features/my-data, features/quote-link, lib, components).',
    ])
  })

  it('refuses lib code that imports a feature, and admin code that imports the flow file', async () => {
    expect(await lintAt('src/lib/probe.ts', "export { leadSchema } from '../features/leads/lead.schema'\n")).toEqual([
      'project/feature-boundaries: lib may not import features/leads (docs/architecture.md, Who may import whom: lib may import nothing else).',
    ])
    expect(await lintAt('src/features/appointments/probe.ts', "export { default } from '../../../flows/consultation.flow.yaml'\n")).toEqual([
      'project/feature-boundaries: features/appointments may not import the flow file; take what it needs from a module derived from it (src/lib/consultation-facts.ts).',
    ])
  })

  it('lets only tests import test support', async () => {
    const text = "export { aLead } from '../../testing/lead-fixtures'\n"
    expect(await lintAt('src/features/leads/probe.ts', text)).toEqual(['project/feature-boundaries: testing is test support: only test files may import it.'])
    expect(await lintAt('src/features/leads/probe.test.ts', text)).toEqual([])
  })

  describe('refuses an import cycle', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lint-cycle-'))
    afterAll(() => rmSync(root, { recursive: true, force: true }))

    it('between two modules that import each other', async () => {
      mkdirSync(path.join(root, 'src/lib'), { recursive: true })
      writeFileSync(path.join(root, 'src/lib/first.ts'), "import { second } from './second'\nexport const first = () => second()\n")
      writeFileSync(path.join(root, 'src/lib/second.ts'), "import { first } from './first'\nexport const second = (): unknown => first\n")
      const [result] = await new ESLint({ cwd: root, overrideConfigFile: config }).lintFiles(['src/lib/first.ts'])
      expect(result?.messages.map((message) => message.ruleId)).toEqual(['project/no-import-cycles'])
      expect(result?.messages[0]?.message).toBe('Import cycle: src/lib/first.ts -> src/lib/second.ts -> src/lib/first.ts')
    })

    it('but not through a type-only import, which is gone at run time', async () => {
      mkdirSync(path.join(root, 'src/lib'), { recursive: true })
      writeFileSync(path.join(root, 'src/lib/third.ts'), "import type { Fourth } from './fourth'\nexport const third = (value: Fourth) => value\n")
      writeFileSync(path.join(root, 'src/lib/fourth.ts'), "import { third } from './third'\nexport type Fourth = string\nexport const fourth = third('x')\n")
      const results = await new ESLint({ cwd: root, overrideConfigFile: config }).lintFiles(['src/lib/third.ts', 'src/lib/fourth.ts'])
      expect(results.flatMap((result) => result.messages)).toEqual([])
    })
  })
})
