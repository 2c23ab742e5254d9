import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml'
import type { Flow } from '@/features/intake/flow/flow.schema'
import { usedPlaceholders } from '@/features/intake/flow/placeholders'
import { loadFlow } from '../../../flow-tools/load-flow'
import { readYaml } from '../../../flow-tools/read-yaml'
import { sourceTextHash } from '../../../flow-tools/source-text-hash'
import { translatableTexts, type TextPath } from '../../../flow-tools/translatable-texts'
import { readWrittenTranslation } from '../../../flow-tools/written-translations'

/** Keys whose values are names the flow refers to, not texts the visitor reads. */
const names = new Set(['version', 'id', 'type', 'next', 'start', 'answer', 'action', 'link', 'event', 'guard', 'field', 'value', 'before', 'after', 'phone'])
/** Subtrees left as they are: ad-pixel parameters are for the ad platform, not the visitor; timings change apart. */
const untouched = new Set(['params', 'timing'])

/** A flow file and its translation files (by language code), as sources. */
export interface FlowFiles {
  flow: string
  translations: Record<string, string>
}

export interface EditorChange {
  /** Option labels that keep their wording (those the dashboard depends on): only their place changes. */
  keptLabels?: ReadonlySet<string>
  /** Each timing's new value in milliseconds. */
  retime?: (ms: number) => number
}

const placeholdersOf = (text: string) => usedPlaceholders(text).map((name) => `{{${name}}}`)
const key = (path: TextPath) => JSON.stringify(path)
const stringified = (doc: Document) => doc.toString({ lineWidth: 0 })

/**
 * A text reworded: named by a fingerprint of the text it replaces, so equal texts stay equal, a text
 * never stays the same (not even edited twice), and none is part of another. Its placeholders stay.
 */
const reworded = (prefix: string, text: string) => [`${prefix} ${sourceTextHash(text)}.`, ...placeholdersOf(text)].join(' ')
const rewrite = (text: string) => reworded('Edited text', text)

/**
 * Rewrites the flow document in place: every text the visitor reads, each options list reversed, every
 * timing. Answers the new label of each option, by step.
 */
function editFlowDocument(doc: Document, { keptLabels = new Set(), retime = (ms) => Math.abs(3100 - ms) }: EditorChange) {
  const labels = new Map<string, Map<string, string>>()
  const relabel = (step: string, label: string) => {
    const edited = keptLabels.has(label) ? label : rewrite(label)
    labels.set(step, (labels.get(step) ?? new Map<string, string>()).set(label, edited))
    return edited
  }
  const walk = (node: unknown, name: string, step: string): void => {
    if (isScalar(node)) {
      if (typeof node.value === 'string' && !names.has(name)) node.value = rewrite(node.value)
    } else if (isSeq(node)) {
      for (const item of node.items) {
        if (name !== 'options') walk(item, name, step)
        else if (isScalar(item)) item.value = relabel(step, String(item.value))
        else if (isMap(item)) for (const pair of item.items) editPair(pair, step, true)
      }
      if (name === 'options') node.items.reverse()
    } else if (isMap(node)) {
      const id = name === 'steps' ? String(node.get('id')) : step
      for (const pair of node.items) editPair(pair, id, false)
    }
  }
  const editPair = (pair: { key: unknown; value: unknown }, step: string, inOption: boolean) => {
    const name = isScalar(pair.key) ? String(pair.key.value) : ''
    if (inOption && name === 'label' && isScalar(pair.value)) pair.value.value = relabel(step, String(pair.value.value))
    else if (!untouched.has(name)) walk(pair.value, name, step)
  }
  walk(doc.contents, '', '')
  const timing = doc.get('timing')
  if (isMap(timing)) for (const pair of timing.items) if (isScalar(pair.value)) pair.value.value = retime(Number(pair.value.value))
  return labels
}

/** `answer_is` guards name an option's label: they follow its new wording. */
function relabelGuards(doc: Document, flow: Flow, labels: Map<string, Map<string, string>>) {
  const stepOfAnswer = new Map<string, string>(flow.steps.flatMap((step) => ('answer' in step && step.answer ? [[step.answer, step.id] as const] : [])))
  const visit = (node: unknown): void => {
    if (isMap(node)) {
      const field = node.get('field')
      const value = node.get('value')
      if (node.get('guard') === 'answer_is' && typeof field === 'string' && typeof value === 'string') {
        node.set('value', labels.get(stepOfAnswer.get(field) ?? '')?.get(value) ?? value)
      }
      for (const pair of node.items) visit(pair.value)
    } else if (isSeq(node)) node.items.forEach(visit)
  }
  visit(doc.contents)
}

/** A flow file's flow, which must be valid: the edit starts from a working flow. */
function checked(source: string): Flow {
  const result = loadFlow(source, 'flow being edited')
  if (!result.ok) throw new Error(`the flow to edit has problems: ${result.problems.map((p) => p.message).join('; ')}`)
  return result.flow
}

/** The path of a flow text once its option has its new label. */
function editedPath(path: TextPath, labels: Map<string, Map<string, string>>): TextPath {
  if (path[0] !== 'steps' || path[2] !== 'options') return path
  return [...path.slice(0, 3), labels.get(String(path[1]))?.get(String(path[3])) ?? path[3]!, ...path.slice(4)]
}

/**
 * A translation updated as its translator would after the edit: each text whose English changed
 * translated anew and marked as made from the new English; an option's key follows its new label.
 */
function editedTranslation(source: string, language: string, original: Flow, edited: Flow, labels: Map<string, Map<string, string>>): string {
  const read = readYaml(source, `${language} translation`)
  const contents = read.ok ? read.doc.contents : null
  if (!read.ok || !isMap(contents)) throw new Error(`the ${language} translation to edit is not a YAML mapping`)
  const { doc, locator } = read
  const editedEnglish = new Map(translatableTexts(edited).map((text) => [key(text.path), text.text]))
  const { texts } = readWrittenTranslation(contents, translatableTexts(original), locator, language)
  for (const text of texts) {
    const english = editedEnglish.get(key(editedPath(text.english.path, labels)))
    if (english === undefined || english === text.english.text) continue
    doc.setIn(text.writtenPath, doc.createNode({ text: reworded(`${language} edited text`, english), from: sourceTextHash(english) }))
  }
  const steps = doc.get('steps')
  for (const [step, renamed] of labels) {
    const options = isMap(steps) ? steps.get(step) : undefined
    const translated = isMap(options) ? options.get('options') : undefined
    if (!isMap(translated)) continue
    for (const pair of translated.items) if (isScalar(pair.key)) pair.key.value = renamed.get(String(pair.key.value)) ?? pair.key.value
  }
  return stringified(doc)
}

/**
 * A copy of a flow file and its translations changed the way a content editor may change them: every
 * text the visitor reads rewritten (placeholders kept), the options of every step in reverse order
 * (relabelled, but for `keptLabels`), every timing changed (by `retime`), comments and layout kept, and
 * each translation updated to match, so flow:check passes on it. Behaviour checks must pass on it as on
 * the original.
 */
export function editedFlowFiles(files: FlowFiles, change: EditorChange = {}): FlowFiles {
  const original = checked(files.flow)
  const doc = parseDocument(files.flow)
  const labels = editFlowDocument(doc, change)
  relabelGuards(doc, original, labels)
  const flow = stringified(doc)
  const edited = checked(flow)
  const translations = Object.fromEntries(
    Object.entries(files.translations).map(([language, source]) => [language, editedTranslation(source, language, original, edited, labels)]),
  )
  return { flow, translations }
}

/** The flow file alone, edited as `editedFlowFiles` does. */
export const editedFlowSource = (source: string, change: EditorChange = {}) => editedFlowFiles({ flow: source, translations: {} }, change).flow
