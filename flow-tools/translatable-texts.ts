import type { Flow, FlowOption } from '../src/features/intake/flow/flow.schema.ts'
import { optionParts } from '../src/features/intake/flow/flow-options.ts'

/** Where a text sits in a translation file: step, option and field lists are keyed by id or label. */
export type TextPath = readonly (string | number)[]

export interface TranslatableText {
  path: TextPath
  /** The flow file's own (English) text. */
  text: string
}

/** Keys whose values are not words a visitor reads: ids, references, timings, guards and actions. */
const notText = new Set([
  'id', 'type', 'answer', 'next', 'keep_open', 'skip', 'skip_if', 'do', 'before', 'after',
  'action', 'event', 'params', 'link', 'guard', 'field', 'value', 'tel', 'hash', 'version',
])

/** Parts of the flow file that hold no visitor text. */
const topLevelNotText = new Set(['version', 'timing', 'start', 'hash'])

/** Gives each text its replacement; called once per text, in file order. */
type TextMapper = (path: TextPath, text: string) => string

function mapValue(value: unknown, path: TextPath, map: TextMapper): unknown {
  if (typeof value === 'string') return map(path, value)
  if (Array.isArray(value)) {
    const listName = path.at(-1)
    return value.map((item: unknown, index) => {
      if (path.length === 1 && listName === 'steps') return mapValue(item, [...path, String((item as { id: unknown }).id)], map)
      if (listName === 'fields') return mapValue(item, [...path, String((item as { id: unknown }).id)], map)
      if (listName === 'options') return mapOption(item, [...path, optionParts(item as FlowOption).label], map)
      return mapValue(item, [...path, index], map)
    })
  }
  if (value !== null && typeof value === 'object') {
    // A message written as a mapping is translated as its text alone.
    const message = value as { text?: unknown }
    if (typeof message.text === 'string') return { ...message, text: map(path, message.text) }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, notText.has(key) ? child : mapValue(child, [...path, key], map)]))
  }
  return value
}

/** An option is translated as its label alone, or as a mapping of its label and its replies. */
function mapOption(option: unknown, path: TextPath, map: TextMapper): unknown {
  if (typeof option === 'string') return map(path, option)
  const parts = option as Exclude<FlowOption, string>
  const textKeys = Object.keys(parts).filter((key) => !notText.has(key))
  if (textKeys.length === 1 && textKeys[0] === 'label') return { ...parts, label: map(path, parts.label) }
  return mapValue(option, path, map)
}

/** The flow with each text a visitor reads replaced by `map`'s answer for it (a translation, for one). */
export function mapTexts<F extends Flow>(flow: F, map: TextMapper): F {
  return Object.fromEntries(Object.entries(flow).map(([key, value]) => [key, topLevelNotText.has(key) ? value : mapValue(value, [key], map)])) as F
}

/** Every text of the flow a visitor reads, in file order, with where a translation gives it. */
export function translatableTexts(flow: Flow): TranslatableText[] {
  const out: TranslatableText[] = []
  mapTexts(flow, (path, text) => {
    out.push({ path, text })
    return text
  })
  return out
}

export function pathText(path: TextPath): string {
  return path.map(String).join(' › ')
}
