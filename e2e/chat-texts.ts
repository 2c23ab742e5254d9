import { flowLanguage } from '../src/features/intake/flow/chat-language.ts'
import type { Flow } from '../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../src/features/intake/flow/flow-options.ts'
import { renderTemplate } from '../src/features/intake/flow/placeholders.ts'
import { checkedConsultationFlow, consultationFlowFile, loadTranslations, problemReport } from '../flow-tools/flow-files.ts'
import { pathText, translatableTexts, type TextPath } from '../flow-tools/translatable-texts.ts'

/**
 * The chat's texts as the browser tests expect them, in one language: read from the flow the app runs (the
 * shipped file, or the copy CONSULTATION_FLOW_FILE names for the editor guard) and its translations, so
 * no test spells out a text an editor may change. A place is named as translation files name it: steps and
 * form fields by id, options by their English label (`['steps', 'occasion', 'say', 0]`).
 */
export interface ChatTexts {
  code: string
  /** The text at a place, its placeholders filled with `values`. */
  text(path: TextPath, values?: Record<string, string>): string
  /** The text at a place as a pattern: placeholders without a value match any text. */
  pattern(path: TextPath, values?: Record<string, string>): RegExp
  /** A step's bot message (the first by default). */
  said(stepId: string, index?: number, values?: Record<string, string>): string
  /** The label of the option the flow file labels `label`. */
  option(stepId: string, label: string): string
  /** The labels of a step's options, in the order the chat offers them. */
  options(stepId: string): string[]
  /** A form field's label. */
  field(stepId: string, fieldId: string): string
  /** A form's button. */
  submit(stepId: string): string
  /** The Edit button on the answer of a question. */
  edit(stepId: string): string
}

export const consultationFlow: Flow = checkedConsultationFlow()

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function chatTexts(code: string, byPath: (key: string) => string | undefined): ChatTexts {
  const text = (path: TextPath, values: Record<string, string> = {}) => {
    const template = byPath(JSON.stringify(path))
    if (template === undefined) throw new Error(`${consultationFlowFile} has no ${code} text at ${pathText(path)}`)
    return renderTemplate(template, values)
  }
  const optionPath = (stepId: string, label: string): TextPath => {
    const path = ['steps', stepId, 'options', label]
    return byPath(JSON.stringify(path)) === undefined ? [...path, 'label'] : path
  }
  return {
    code,
    text,
    pattern: (path, values = {}) =>
      new RegExp(
        (byPath(JSON.stringify(path)) ?? '')
          .split(/(\{\{\s*[^{}]*?\s*\}\})/)
          .map((part) => {
            const name = /^\{\{\s*([^{}]*?)\s*\}\}$/.exec(part)?.[1]
            return name === undefined ? escaped(part) : name in values ? escaped(values[name] ?? '') : '.+'
          })
          .join(''),
      ),
    said: (stepId, index = 0, values = {}) => text(['steps', stepId, 'say', index], values),
    option: (stepId, label) => text(optionPath(stepId, label)),
    options: (stepId) => {
      const step = consultationFlow.steps.find((s) => s.id === stepId)
      return step?.type === 'options' ? step.options.map((option) => text(optionPath(stepId, optionParts(option).label))) : []
    },
    field: (stepId, fieldId) => text(['steps', stepId, 'fields', fieldId, 'label']),
    submit: (stepId) => text(['steps', stepId, 'submit']),
    edit: (stepId) => text(['chat', 'edit'], { step: text(['steps', stepId, 'label']) }),
  }
}

const englishByPath = new Map(translatableTexts(consultationFlow).map(({ path, text }) => [JSON.stringify(path), text]))

/** The chat's texts in the flow file's own language. */
export const english = chatTexts(flowLanguage.code, (key) => englishByPath.get(key))

/** The chat's texts in the language of a translation beside the flow. */
export function translatedTexts(code: string): ChatTexts {
  const translation = loadTranslations(consultationFlowFile, consultationFlow).find((result) => !result.ok || result.language === code)
  if (!translation?.ok) throw new Error(translation ? problemReport(translation) : `${consultationFlowFile} has no ${code} translation beside it`)
  return chatTexts(code, (key) => translation.texts.get(key))
}
