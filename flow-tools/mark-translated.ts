import { isCollection, isMap, isScalar, type Document, type Node as YamlNode, type Scalar, type YAMLMap } from 'yaml'
import type { Flow } from '../src/features/intake/flow/flow.schema.ts'
import { readYaml } from './read-yaml.ts'
import { sourceTextHash } from './source-text-hash.ts'
import { pathText, translatableTexts } from './translatable-texts.ts'
import { readWrittenTranslation, writtenHash, type WrittenText } from './written-translations.ts'
import type { YamlLocator } from './yaml-locator.ts'

export interface Place {
  line: number
  col?: number
}

export type MarkResult =
  | { ok: true; source: string; text: WrittenText; hash: string; changed: boolean }
  | { ok: false; message: string }

type Range = [number, number, number]
const rangeOf = (node: unknown) => (node as { range?: Range } | null)?.range

/** The texts written at a place: those whose value spans its line; with a column, the first that ends at or after it (its key's column names it too). */
function textsAt(texts: WrittenText[], locator: YamlLocator, { line, col }: Place): WrittenText[] {
  const spans = texts.flatMap((text) => {
    const range = rangeOf(text.node)
    if (!range) return []
    const start = locator.offsetPosition(range[0])
    const end = locator.offsetPosition(Math.max(range[0], range[1] - 1))
    return start.line <= line && line <= end.line ? [{ text, end }] : []
  })
  if (col === undefined || spans.length < 2) return spans.map(({ text }) => text)
  return spans.filter(({ end }) => end.line > line || col <= end.col).slice(0, 1).map(({ text }) => text)
}

/** A block scalar's lines indented to sit under a key at `indent`; one with an explicit indentation becomes a quoted text. */
function underKey(source: string, scalar: Scalar, indent: number): string {
  if (!/^[|>]/.test(source)) return source
  const [header = '', ...lines] = source.replace(/\n+$/, '').split('\n')
  if (/\d/.test(header)) return JSON.stringify(scalar.value)
  const least = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length))
  const deeper = ' '.repeat(Math.max(0, indent + 2 - least))
  return [header, ...lines.map((l) => (l.trim() === '' ? l : deeper + l))].join('\n')
}

/** The source with one text's `from` set to `hash`, the text turned into `text:` and `from:` when written alone. */
function withHash(source: string, doc: Document, locator: YamlLocator, text: WrittenText, hash: string): string {
  const replace = (start: number, end: number, by: string) => source.slice(0, start) + by + source.slice(end)
  const from = `from: "${hash}"`
  const node = text.node as YamlNode
  const range = rangeOf(node) as Range
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && p.key.value === 'from')
    const fromRange = rangeOf(pair?.value)
    if (pair && fromRange) return replace(fromRange[0], fromRange[1], `"${hash}"`)
    if (pair) {
      const colon = source.indexOf(':', (rangeOf(pair.key) as Range)[1])
      return replace(colon + 1, colon + 1, ` "${hash}"`)
    }
    if (node.flow) {
      let end = source.lastIndexOf('}', range[1])
      while (source[end - 1] === ' ') end -= 1
      return replace(end, end, `, ${from}`)
    }
    const indent = locator.offsetPosition((rangeOf((node as YAMLMap).items[0]?.key) as Range)[0]).col - 1
    return source[range[1] - 1] === '\n' ? replace(range[1], range[1], `${' '.repeat(indent)}${from}\n`) : replace(range[1], range[1], `\n${' '.repeat(indent)}${from}`)
  }
  const written = source.slice(range[0], range[1])
  const parent = doc.getIn(text.writtenPath.slice(0, -1), true)
  if (isCollection(parent) && parent.flow) return replace(range[0], range[1], `{ text: ${written}, ${from} }`)
  const trailing = /\n*$/.exec(written)?.[0] ?? ''
  if (typeof text.writtenPath.at(-1) === 'number') {
    const indent = locator.offsetPosition(range[0]).col - 1
    return replace(range[0], range[1], `text: ${underKey(written, node as Scalar, indent)}\n${' '.repeat(indent)}${from}${trailing}`)
  }
  const colon = source.lastIndexOf(':', range[0])
  const parentMap = parent as YAMLMap
  const pair = parentMap.items.find((p) => p.value === node)
  const indent = locator.offsetPosition((rangeOf(pair?.key) as Range)[0]).col - 1 + 2
  const pad = ' '.repeat(indent)
  return replace(colon + 1, range[1], `\n${pad}text: ${underKey(written, node as Scalar, indent)}\n${pad}${from}${trailing}`)
}

/**
 * Marks the translation written at a place (as flow:check gives it, `line` or `line:col`) as made from
 * the flow's current English text: sets its `from` to that text's hash, writing the text as `text:`
 * and `from:` where it stood alone. Only that text changes; a place without one is refused.
 */
export function markTranslated(flow: Flow, source: string, file: string, language: string, place: Place): MarkResult {
  const read = readYaml(source, file)
  if (!read.ok) return { ok: false, message: 'the file is not readable YAML: run npm run flow:check' }
  const { doc, locator } = read
  if (!isMap(doc.contents)) return { ok: false, message: 'a translation file must be a YAML mapping with language, name, and the texts' }
  const { texts } = readWrittenTranslation(doc.contents, translatableTexts(flow), locator, language)
  const here = textsAt(texts, locator, place)
  const where = `${file}:${place.line}${place.col === undefined ? '' : `:${place.col}`}`
  if (here.length === 0) return { ok: false, message: `${where} holds no ${language} text of the flow (flow:check names the line of each text to mark)` }
  if (here.length > 1) {
    return { ok: false, message: `${where} holds ${here.length} texts (${here.map((t) => pathText(t.english.path)).join('; ')}): add the column, as flow:check gives it` }
  }
  const [text] = here as [WrittenText]
  if (typeof text.text !== 'string' || text.text.trim() === '') return { ok: false, message: `${where}: write the ${language} translation of ${JSON.stringify(text.english.text)} first` }
  const hash = sourceTextHash(text.english.text)
  if (writtenHash(text.from) === hash) return { ok: true, source, text, hash, changed: false }
  return { ok: true, source: withHash(source, doc, locator, text, hash), text, hash, changed: true }
}
