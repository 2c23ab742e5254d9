import { readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { languageCode } from '../src/features/intake/flow/chat-language.ts'
import { checkTranslation, type TranslationResult } from './check-translation.ts'
import type { Flow } from '../src/features/intake/flow/flow.schema.ts'
import { formatProblem, type FlowProblem } from './flow-problem.ts'
import { loadFlow, type LoadResult } from './load-flow.ts'
import { readSource } from './read-source.ts'

export const defaultFlowFile = 'flows/consultation.flow.yaml'

/**
 * The consultation flow the app is built, served and tested with: the shipped file, or the copy that
 * CONSULTATION_FLOW_FILE names (an editor's change the editor guard tests the app against). Its
 * translations are the files beside it.
 */
export const consultationFlowFile = process.env.CONSULTATION_FLOW_FILE || defaultFlowFile

/** Reads and checks a flow file; a missing or unreadable file is a problem like any other. */
export function loadFlowFile(file: string): LoadResult {
  const read = readSource(file)
  return read.ok ? loadFlow(read.source, file) : read
}

/** The translation files beside a flow file: `consultation.hi.yaml` for `consultation.flow.yaml`, by language. */
export function translationFilesOf(flowFile: string): { language: string; file: string }[] {
  const stem = basename(flowFile).replace(/\.flow\.yaml$/, '')
  const folder = dirname(flowFile)
  return readdirSync(folder)
    .map((name) => ({ name, language: name.slice(stem.length + 1, -'.yaml'.length) }))
    .filter(({ name, language }) => name.startsWith(`${stem}.`) && name.endsWith('.yaml') && languageCode.test(language))
    .map(({ name, language }) => ({ language, file: join(folder, name) }))
    .sort((a, b) => a.language.localeCompare(b.language))
}

/** The flow file a translation file belongs to, and its language: `consultation.flow.yaml` and `hi` for `consultation.hi.yaml`. */
export function flowOfTranslation(translationFile: string): { flowFile: string; language: string } | undefined {
  const match = /^(.+)\.([^.]+)\.yaml$/.exec(basename(translationFile))
  if (!match || !languageCode.test(match[2] ?? '')) return undefined
  return { flowFile: join(dirname(translationFile), `${match[1]}.flow.yaml`), language: match[2] as string }
}

/** Checks every translation beside the flow file against the flow. */
export function loadTranslations(flowFile: string, flow: Flow): TranslationResult[] {
  return translationFilesOf(flowFile).map(({ language, file }) => {
    const read = readSource(file)
    return read.ok ? checkTranslation(flow, read.source, file, language) : read
  })
}

export function problemReport(result: { ok: boolean; problems?: FlowProblem[] }): string {
  return (result.problems ?? []).map(formatProblem).join('\n')
}

/** The consultation flow the app is built with, checked; for tests and scripts that read its texts. */
export function checkedConsultationFlow(): Flow {
  const result = loadFlowFile(consultationFlowFile)
  if (!result.ok) throw new Error(problemReport(result))
  return result.flow
}
