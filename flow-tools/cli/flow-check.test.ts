import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { optionParts, stepById } from '@/testing/intake/flow-reading'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { changedSource, placeOf, stepIndex } from '@/testing/intake/yaml-source-edits'
import { consultationFlowFile, translationFilesOf } from '../flow-files'
import { sourceTextHash } from '../source-text-hash'

const run = promisify(execFile)
const source = readFileSync(consultationFlowFile, 'utf8')
const hindiFile = translationFilesOf(consultationFlowFile).find(({ language }) => language === 'hi')?.file ?? ''
const hindi = readFileSync(hindiFile, 'utf8')

/** `line:col` of the first `needle` in `text`, plus an offset. */
function position(text: string, needle: string, offset = 0): string {
  const before = text.slice(0, text.indexOf(needle) + offset).split('\n')
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

async function command(script: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args])
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const flowCheck = (...args: string[]) => command('flow-tools/cli/flow-check.ts', ...args)
const markTranslated = (...args: string[]) => command('flow-tools/cli/flow-mark-translated.ts', ...args)

/** A folder holding a copy of the flow and its Hindi, changed; answers their paths. */
function copies(flow: string, translation: string) {
  const dir = mkdtempSync(join(tmpdir(), 'flow-check-'))
  const files = { flowFile: join(dir, 'consultation.flow.yaml'), hiFile: join(dir, 'consultation.hi.yaml') }
  writeFileSync(files.flowFile, flow)
  writeFileSync(files.hiFile, translation)
  return files
}

/** The flow with the occasion question reworded, and that question's new English. */
function rewordedOccasion() {
  const step = stepById(consultationFlow, 'occasion')
  const said = 'say' in step ? step.say?.[0] : undefined
  const english = `${typeof said === 'string' ? said : said?.text} Tell us more.`
  return { english, flow: changedSource(source, (doc) => doc.setIn(['steps', stepIndex(doc, 'occasion'), 'say', 0], english)) }
}

describe('npm run flow:check', () => {
  it('passes the flow by default', async () => {
    const result = await flowCheck()
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toBe(`${consultationFlowFile}: OK (${consultationFlow.steps.length} steps; translations: hi)\n`)
  })

  it("prints each language's coverage with --coverage", async () => {
    const result = await flowCheck('--coverage')
    expect(result.code).toBe(0)
    const total = Number(/ {2}en: (\d+) texts \(the flow file itself\)/.exec(result.stdout)?.[1])
    expect(total).toBeGreaterThan(100)
    expect(result.stdout).toContain(`  hi: ${total} of ${total} texts (100%)`)
  })

  it('reports a missing, an extra and an outdated translation as file:line:col naming the language, and their coverage', async () => {
    const occasion = stepById(consultationFlow, 'occasion')
    const label = occasion.type === 'options' ? optionParts(occasion.options.at(-1)!).label : ''
    const broken = changedSource(hindi, (doc) => {
      doc.deleteIn(['steps', 'occasion', 'options', label])
      const submit = doc.getIn(['steps', 'name_form'], true) as { items: { key: { value: string } }[] }
      for (const pair of submit.items) if (pair.key.value === 'submit') pair.key.value = 'sumbit'
    })
    const { english, flow } = rewordedOccasion()
    const { flowFile, hiFile } = copies(flow, broken)
    writeFileSync(join(flowFile, '..', 'consultation.notes.yaml'), 'not a translation: the name is no language code\n')
    const result = await flowCheck(flowFile, '--coverage')
    expect(result.code).toBe(1)
    const stale = placeOf(broken, hiFile, ['steps', 'occasion', 'say', 0, 'text'])
    expect(result.stderr).toContain(`${placeOf(broken, hiFile, ['steps', 'occasion', 'options'])} missing hi translation of steps › occasion › options › ${label}: "${label}"`)
    expect(result.stderr).toContain(`${hiFile}:${position(broken, 'sumbit')} extra hi translation steps › name_form › sumbit: the flow has no such text (did you mean 'submit'?)`)
    expect(result.stderr).toContain(
      `${stale} hi translation of steps › occasion › say › 0 was made from an English text that has changed since: the English is now ${JSON.stringify(english)}; ` +
        `update the translation, then write from: "${sourceTextHash(english)}" (or run: npm run flow:mark-translated -- ${hiFile}:${stale.split(':').at(-2)})`,
    )
    const total = Number(/ {2}en: (\d+) texts/.exec(result.stdout)?.[1])
    // The mistyped key still counts as the text it resembles.
    expect(result.stdout).toContain(`  hi: ${total - 2} of ${total} texts (`)
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`3 problems in the translations of ${flowFile}`)
  })

  it('prints every problem of a broken copy as file:line:col message and exits 1, without a stack trace', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'flow-check-')), 'broken.flow.yaml')
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
    expect(lines).toContain(`${file}:${position(broken, 'link: phone', 6)} unknown link 'phone' (known: chat_first, consultation_summary, call, follow_up, reminder, access_code, quote_share)`)
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

describe('npm run flow:mark-translated', () => {
  it('marks the translation at the place flow:check names, and flow:check passes', async () => {
    const { english, flow } = rewordedOccasion()
    const { flowFile, hiFile } = copies(flow, hindi)
    const place = placeOf(hindi, hiFile, ['steps', 'occasion', 'say', 0, 'text'])
    const line = place.split(':').at(-2)
    const result = await markTranslated(`${hiFile}:${line}`)
    expect(result).toEqual({
      code: 0,
      stdout: `${hiFile}:${line} steps › occasion › say › 0: marked as translated from ${JSON.stringify(english)} (from: "${sourceTextHash(english)}")\n`,
      stderr: '',
    })
    expect((await flowCheck(flowFile)).code).toBe(0)
    expect((await markTranslated(`${hiFile}:${line}`)).stdout).toBe(`${hiFile}:${line} steps › occasion › say › 0: already marked as translated from the current English\n`)
  })

  it('writes nothing and says why for a place that holds no text, a file that is no translation, or no place', async () => {
    const { hiFile } = copies(rewordedOccasion().flow, hindi)
    const result = await markTranslated(`${hiFile}:1`, `${hiFile}:${placeOf(hindi, hiFile, ['steps', 'occasion', 'say', 0, 'text']).split(':').at(-2)}`)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${hiFile}:1 holds no hi text of the flow`)
    expect(readFileSync(hiFile, 'utf8')).toBe(hindi)
    expect((await markTranslated(`${consultationFlowFile}:3`)).stderr).toContain('not a translation file')
    expect((await markTranslated()).stderr).toContain('usage: npm run flow:mark-translated -- <translation file>:<line>')
    expect((await markTranslated('flows/consultation.hi.yaml')).stderr).toContain("is not a place such as flows/consultation.hi.yaml:84")
  })
})
