import hindiSource from '@flows/consultation.hi.yaml?raw'
import { checkTranslation } from '../../../flow-tools/check-translation'
import { flowLanguage, type ChatLanguage } from '@/features/intake/flow/chat-language'
import type { CheckedFlow } from '@/features/intake/flow/flow.schema'
import { formatProblem } from '../../../flow-tools/flow-problem'
import { mapTexts } from '../../../flow-tools/translatable-texts'
import { optionParts } from './flow-reading'

/**
 * A language a test runs the chat in: what the chat is given (`chat`), and the flow as a visitor in
 * that language reads it (`flow`: each text replaced by the translation file's text at the same
 * place), from which the test expects what the chat shows.
 */
export interface TestLanguage {
  chat: ChatLanguage
  flow: CheckedFlow
  /** How the chat names a booked day in this language, where it differs from the flow language's: by YYYY-MM-DD. */
  slotDates: Record<string, string>
}

export const inFlowLanguage = (flow: CheckedFlow): TestLanguage => ({ chat: flowLanguage, flow, slotDates: {} })

/** The flow's texts in the language of a translation file, failing loudly on any problem. */
export function translatedFlow(flow: CheckedFlow, source: string, file: string, code: string): TestLanguage {
  const result = checkTranslation(flow, source, file, code)
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'))
  const translated = mapTexts(flow, (path, text) => result.texts.get(JSON.stringify(path)) ?? text)
  return { chat: { code: result.language, name: result.name, texts: result.byEnglish }, flow: translated, slotDates: {} }
}

export const inHindi = (flow: CheckedFlow): TestLanguage => ({
  ...translatedFlow(flow, hindiSource, 'flows/consultation.hi.yaml', 'hi'),
  slotDates: { '2026-11-24': 'मंगलवार, 24 नवंबर 2026' },
})

/**
 * Answers as a text of the chat shows them in `language`: a chosen option by its label in the
 * translated flow (the option at the same place), anything typed as it is.
 */
export function shownAnswers(flow: CheckedFlow, language: TestLanguage, values: Record<string, string | null>): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [field, value] of Object.entries(values)) {
    shown[field] = value ?? ''
    const index = flow.steps.findIndex((step) => step.type === 'options' && step.answer === field)
    const [step, translated] = [flow.steps[index], language.flow.steps[index]]
    if (step?.type !== 'options' || translated?.type !== 'options') continue
    const at = step.options.findIndex((option) => optionParts(option).label === value)
    if (at !== -1) shown[field] = optionParts(translated.options[at]!).label
  }
  return shown
}
