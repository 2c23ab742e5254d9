import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import committedSchema from '@flows/consultation.flow.schema.json?raw'
import committedTranslationSchema from '@flows/translation.schema.json?raw'
import { consultationFile, consultationFlow, consultationSource } from '@/testing/intake/consultation-flow'
import { dashboardOptionLabels } from '@/testing/intake/dashboard-labels'
import type { FlowOption } from '../src/features/intake/flow/flow.schema'
import { consultationFlowFile, translationFilesOf } from './flow-files'
import { flowJsonSchemaText } from './flow-json-schema'
import { translationJsonSchemaText } from './translation-json-schema'

const labelsOf = (options: FlowOption[]) => [...options.map((o) => (typeof o === 'string' ? o : o.label))].sort()

const whyRequired = (asked: string) =>
  `${consultationFile}: the options of '${asked}' must be the labels the dashboard knows (docs/product.md), word for word; only their order may change. ` +
  'A lead stores the label the visitor chose, and the dashboard depends on it: the occasion filter offers the flow\'s occasions ' +
  '(src/lib/consultation-facts.ts) and matches stored leads against them, and the leads table, the lead details, the CSV export ' +
  'and the WhatsApp messages show the stored labels. Renaming one splits older and newer leads.'

describe('the consultation flow file offers what the spec says', () => {
  it.each(Object.entries(dashboardOptionLabels))("the options answering '%s' are the labels the dashboard knows", (asked, labels) => {
    const step = consultationFlow.steps.find((s) => s.type === 'options' && (s.answer === asked || (!s.answer && s.id === asked)))
    expect(step?.type === 'options' ? labelsOf(step.options) : [], whyRequired(asked)).toEqual([...labels].sort())
  })
})

describe('the consultation flow file helps its editors', () => {
  it('points editors at the committed JSON Schema on its first line', () => {
    expect(consultationSource.split('\n')[0]).toBe('# yaml-language-server: $schema=./consultation.flow.schema.json')
  })

  it('commits the JSON Schema generated from the zod schema (run `npm run flow:generate` when this fails)', () => {
    expect(committedSchema).toBe(flowJsonSchemaText())
  })

  it('points translators at the committed translation JSON Schema on the first line of each translation, and commits it (npm run flow:generate)', () => {
    const translations = translationFilesOf(consultationFlowFile)
    expect(translations.map(({ language }) => language)).toContain('hi')
    for (const { file } of translations) expect(readFileSync(file, 'utf8').split('\n')[0], file).toBe('# yaml-language-server: $schema=./translation.schema.json')
    expect(committedTranslationSchema).toBe(translationJsonSchemaText())
  })
})
