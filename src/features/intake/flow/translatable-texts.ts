import type { Flow, FlowOption } from './flow.schema.ts'
import { optionParts } from './flow-options.ts'

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
  'action', 'event', 'params', 'link', 'guard', 'field', 'value', 'tel', 'hash',
])

/** Parts of the flow file that hold no visitor text. */
const topLevelNotText = new Set(['version', 'business', 'timing', 'start', 'hash'])

function walk(value: unknown, path: TextPath, out: TranslatableText[]): void {
  if (typeof value === 'string') {
    out.push({ path, text: value })
    return
  }
  if (Array.isArray(value)) {
    const listName = path.at(-1)
    value.forEach((item, index) => {
      if (path.length === 1 && listName === 'steps') return walk(item, [...path, String((item as { id: unknown }).id)], out)
      if (listName === 'fields') return walk(item, [...path, String((item as { id: unknown }).id)], out)
      if (listName === 'options') return walkOption(item, [...path, optionParts(item as FlowOption).label], out)
      walk(item, [...path, index], out)
    })
    return
  }
  if (value !== null && typeof value === 'object') {
    // A message written as a mapping is translated as its text alone.
    const message = value as { text?: unknown }
    if (typeof message.text === 'string') {
      out.push({ path, text: message.text })
      return
    }
    for (const [key, child] of Object.entries(value)) if (!notText.has(key)) walk(child, [...path, key], out)
  }
}

/** An option is translated as its label alone, or as a mapping of its label and its replies. */
function walkOption(option: unknown, path: TextPath, out: TranslatableText[]): void {
  if (typeof option === 'string') return walk(option, path, out)
  const texts: TranslatableText[] = []
  walk(option, path, texts)
  const onlyLabel = texts.length === 1 && texts[0]!.path.at(-1) === 'label'
  out.push(...(onlyLabel ? [{ path, text: texts[0]!.text }] : texts))
}

/** Every text of the flow a visitor reads, in file order, with where a translation gives it. */
export function translatableTexts(flow: Flow): TranslatableText[] {
  const out: TranslatableText[] = []
  for (const [key, value] of Object.entries(flow)) if (!topLevelNotText.has(key)) walk(value, [key], out)
  return out
}

export function pathText(path: TextPath): string {
  return path.map(String).join(' › ')
}
