import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const source = readFileSync('flows/consultation.flow.yaml', 'utf8')

/** `line:col` of the first `needle` in `text`, plus an offset. */
function position(text: string, needle: string, offset = 0): string {
  const before = text.slice(0, text.indexOf(needle) + offset).split('\n')
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

async function flowCheck(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'flow-tools/cli/flow-check.ts', ...args])
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('npm run flow:check', () => {
  it('passes the committed flow by default', async () => {
    const result = await flowCheck()
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(/^flows\/consultation\.flow\.yaml: OK \(\d+ steps; translations: hi\)\n$/)
  })

  it("prints each language's coverage with --coverage", async () => {
    const result = await flowCheck('--coverage')
    expect(result.code).toBe(0)
    const total = Number(/ {2}en: (\d+) texts \(the flow file itself\)/.exec(result.stdout)?.[1])
    expect(total).toBeGreaterThan(100)
    expect(result.stdout).toContain(`  hi: ${total} of ${total} texts (100%)`)
  })

  it('reports a missing and an extra translation as file:line:col naming the language, and their coverage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-check-'))
    const flowFile = join(dir, 'consultation.flow.yaml')
    writeFileSync(flowFile, source)
    const hindi = readFileSync('flows/consultation.hi.yaml', 'utf8')
    const broken = hindi.replace('      "Festival": "त्योहार"\n', '').replace('  submit: "आगे बढ़ें"', '  sumbit: "आगे बढ़ें"')
    writeFileSync(join(dir, 'consultation.hi.yaml'), broken)
    writeFileSync(join(dir, 'consultation.notes.yaml'), 'not a translation: the name is no language code\n')
    const result = await flowCheck(flowFile, '--coverage')
    expect(result.code).toBe(1)
    const hiFile = join(dir, 'consultation.hi.yaml')
    expect(result.stderr).toContain(`${hiFile}:${position(broken, '"Engagement/Wedding"')} missing hi translation of steps › occasion › options › Festival: "Festival"`)
    expect(result.stderr).toContain(`${hiFile}:${position(broken, 'sumbit')} extra hi translation steps › name_form › sumbit: the flow has no such text (did you mean 'submit'?)`)
    const total = Number(/ {2}en: (\d+) texts/.exec(result.stdout)?.[1])
    expect(result.stdout).toContain(`  hi: ${total - 1} of ${total} texts (`)
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`2 problems in the translations of ${flowFile}`)
  })

  it('prints every problem of a broken copy as file:line:col message and exits 1, without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-check-'))
    const file = join(dir, 'broken.flow.yaml')
    const broken = source
      .replace('next: gold_carat', 'next: gold_karat')
      .replace('    answer: timeline\n    say:\n', '    answer: timeline\n    say:\n      - "Lovely to meet you, {{nmae}}!"\n')
      .replace('link: call\n', 'link: phone\n')
    writeFileSync(file, broken)
    const result = await flowCheck(file)
    expect(result.code).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines.some((line) => line.startsWith(`${file}:${position(broken, '{{nmae}}')} bad placeholder {{nmae}}`))).toBe(true)
    expect(lines).toContain(`${file}:${position(broken, 'gold_karat')} unknown step 'gold_karat' (did you mean 'gold_carat'?)`)
    expect(lines).toContain(`${file}:${position(broken, 'link: phone', 6)} unknown link 'phone' (known: chat_first, consultation_summary, call, follow_up)`)
    expect(lines.at(-1)).toMatch(/^\d+ problems in /)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('says clearly when the file is missing or not a file', async () => {
    expect(await flowCheck('flows/missing.flow.yaml')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'flows/missing.flow.yaml:1:1 file not found\n1 problem in flows/missing.flow.yaml\n',
    })
    const directory = await flowCheck('flows')
    expect(directory.code).toBe(1)
    expect(directory.stderr).toMatch(/^flows:1:1 cannot read the file \(EISDIR/)
  })
})
