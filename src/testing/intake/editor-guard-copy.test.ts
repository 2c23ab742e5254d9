import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { usedPlaceholders } from '@/features/intake/flow/placeholders'
import { defaultFlowFile, loadFlowFile, loadTranslations, translationFilesOf } from '../../../flow-tools/flow-files'
import type { Flow } from '@/features/intake/flow/flow.schema'
import { translatableTexts } from '../../../flow-tools/translatable-texts'
import { dashboardOptionLabels } from './dashboard-labels'
import { writeEditorGuardCopy } from './editor-guard-copy'
import { optionParts } from './flow-reading'

const folder = mkdtempSync(join(tmpdir(), 'editor-guard-test-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const shippedSources = () => [defaultFlowFile, ...translationFilesOf(defaultFlowFile).map(({ file }) => file)].map((file) => readFileSync(file, 'utf8'))
const before = shippedSources()
const copyFile = writeEditorGuardCopy(folder)

function checked(file: string): Flow {
  const result = loadFlowFile(file)
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('\n'))
  return result.flow
}

const shipped = checked(defaultFlowFile)
const copy = checked(copyFile)
const byPath = (flow: Flow) => new Map(translatableTexts(flow).map(({ path, text }) => [JSON.stringify(path), text]))
const keptLabels = new Set(Object.values(dashboardOptionLabels).flat())
const optionLabels = (flow: Flow) => flow.steps.flatMap((step) => (step.type === 'options' ? [[step.id, step.options.map((o) => optionParts(o).label)] as const] : []))

describe("the editor guard's copy of the flow", () => {
  it('rewords every text the visitor reads, keeping its placeholders, but the option labels the dashboard depends on', () => {
    const [before, after] = [byPath(shipped), byPath(copy)]
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    for (const [path, text] of before) {
      const edited = after.get(path) ?? ''
      if (keptLabels.has(text) && path.includes('"options"')) expect(edited, path).toBe(text)
      else expect(edited, path).not.toBe(text)
      expect(usedPlaceholders(edited), path).toEqual(usedPlaceholders(text))
    }
  })

  it('offers the options of every question in another order', () => {
    const edited = new Map(optionLabels(copy))
    for (const [id, labels] of optionLabels(shipped)) {
      expect(edited.get(id), id).not.toEqual(labels)
      expect([...(edited.get(id) ?? [])].sort(), id).toEqual([...labels].sort())
    }
  })

  it('changes every timing', () => {
    expect(Object.keys(copy.timing)).toEqual(Object.keys(shipped.timing))
    for (const [name, ms] of Object.entries(shipped.timing)) expect(copy.timing[name], name).not.toBe(ms)
  })

  it('updates each translation to match: every text whose English changed translated anew and marked as made from the new English', () => {
    const translations = loadTranslations(copyFile, copy)
    const originals = loadTranslations(defaultFlowFile, shipped)
    expect(translations.map((t) => t.ok && t.language)).toEqual(originals.map((t) => t.ok && t.language))
    for (const [index, translation] of translations.entries()) {
      const original = originals[index]
      if (!translation.ok || !original?.ok) throw new Error('a translation has problems')
      expect(translation.coverage.translated).toBe(translation.coverage.total)
      const englishBefore = byPath(shipped)
      for (const [path, english] of byPath(copy)) {
        const [text, was] = [translation.texts.get(path) ?? '', original.texts.get(path) ?? '']
        if (english === englishBefore.get(path)) expect(text, path).toBe(was)
        else expect(text, path).not.toBe(was)
        expect(usedPlaceholders(text).sort(), path).toEqual(usedPlaceholders(english).sort())
      }
    }
  })

  it('passes flow:check, translations included, and leaves the shipped files as they were', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'flow-tools/cli/flow-check.ts', copyFile])
    expect(stdout).toBe(`${copyFile}: OK (${shipped.steps.length} steps; translations: hi)\n`)
    expect(shippedSources()).toEqual(before)
  })
})
