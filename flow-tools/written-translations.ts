import { isCollection, isMap, isScalar, isSeq, type Node as YamlNode, type YAMLMap } from 'yaml'
import { closestName } from './did-you-mean.ts'
import type { YamlLocator } from './yaml-locator.ts'
import { pathText, type TextPath, type TranslatableText } from './translatable-texts.ts'

/** The keys of a translated text: the translation, and the fingerprint of the English it was made from. */
export const translatedTextKeys = ['text', 'from'] as const

/** One text a translation file gives, read without judging it. */
export interface WrittenText {
  /** The flow's text it translates (a mistyped key read as the key it resembles). */
  english: TranslatableText
  /** Where the file has it. */
  writtenPath: TextPath
  /** Its value as written: a scalar alone, or the mapping of `text` and `from`. */
  node: YamlNode | null
  /** Where its translation is: the scalar itself, or the mapping's `text`. */
  textPath: TextPath
  text: unknown
  /** The `from` scalar of the mapping form, when written, and where. */
  from?: YamlNode | null
  fromPath?: TextPath
  /** Keys of the mapping form other than `text` and `from`. */
  otherKeys: string[]
}

export interface WrittenTranslation {
  texts: WrittenText[]
  /** Places the flow has no text, and texts written where the flow has a group: with their positions. */
  misplaced: { line: number; col: number; message: string }[]
}

const headerKeys = ['language', 'name']
const key = (path: TextPath) => JSON.stringify(path)

/** The keys the flow has under a path, for a guess at a mistyped one. */
function keysUnder(parent: TextPath, expected: readonly TranslatableText[]): string[] {
  const prefix = key(parent)
  return [...new Set(expected.filter(({ path }) => path.length > parent.length && key(path.slice(0, parent.length)) === prefix).map(({ path }) => String(path[parent.length])))]
}

/** A mapping of scalars under keys that are, or resemble, `text` and `from`. */
const isTextMapping = (node: YAMLMap) =>
  node.items.length > 0 &&
  node.items.every((pair) => isScalar(pair.key) && closestName(String(pair.key.value), translatedTextKeys) !== undefined && (pair.value === null || isScalar(pair.value)))

/**
 * Every text of a translation file, matched to the flow's text it translates. A text is a scalar or a
 * mapping of `text` and `from`; lists are keyed by index, everything else by key, as the flow's texts are.
 */
export function readWrittenTranslation(contents: YAMLMap, expected: readonly TranslatableText[], locator: YamlLocator, language: string): WrittenTranslation {
  const expectedByKey = new Map(expected.map((entry) => [key(entry.path), entry]))
  const prefixes = new Set(expected.flatMap(({ path }) => path.map((_, index) => key(path.slice(0, index + 1)))))
  // Whatever sits where the flow has a text is that text; elsewhere a scalar, or a mapping that looks like a translated text.
  const isText = (path: TextPath, node: unknown) => expectedByKey.has(key(path)) || !isCollection(node) || (isMap(node) && isTextMapping(node))
  const leaves: { path: TextPath; node: YamlNode | null }[] = []
  const collect = (node: unknown, path: TextPath) => {
    const visit = (child: unknown, childPath: TextPath) => {
      if (isText(childPath, child)) leaves.push({ path: childPath, node: child as YamlNode | null })
      else collect(child, childPath)
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key) || (path.length === 0 && headerKeys.includes(String(pair.key.value)))) continue
        visit(pair.value, [...path, String(pair.key.value)])
      }
    } else if (isSeq(node)) node.items.forEach((item, index) => visit(item, [...path, index]))
  }
  collect(contents, [])

  const texts: WrittenText[] = []
  const misplaced: WrittenTranslation['misplaced'] = []
  const reported = new Set<string>()
  for (const leaf of leaves) {
    // The first key the flow does not have is reported once; when it resembles one it has, the texts
    // under it count as that key's, so one typo is one problem.
    let path = leaf.path
    const unknownAt = path.findIndex((_, index) => !prefixes.has(key(path.slice(0, index + 1))))
    if (unknownAt !== -1) {
      const parent = path.slice(0, unknownAt)
      const written = String(path[unknownAt])
      const meant = closestName(written, keysUnder(parent, expected))
      const unknownKey = key(path.slice(0, unknownAt + 1))
      if (!reported.has(unknownKey)) {
        reported.add(unknownKey)
        const guess = meant === undefined ? '' : ` (did you mean '${meant}'?)`
        misplaced.push({ ...locator.keyAt(parent, written), message: `extra ${language} translation ${pathText(path.slice(0, unknownAt + 1))}: the flow has no such text${guess}` })
      }
      if (meant === undefined) continue
      path = [...parent, meant, ...path.slice(unknownAt + 1)]
      if (!expectedByKey.has(key(path))) continue
    }
    const english = expectedByKey.get(key(path))
    if (!english) {
      misplaced.push({ ...locator.at(leaf.path), message: `${language} translation of ${pathText(path)} must be a mapping of ${keysUnder(path, expected).join(', ')}` })
      continue
    }
    texts.push(writtenText(english, leaf.path, leaf.node))
  }
  return { texts, misplaced }
}

function writtenText(english: TranslatableText, writtenPath: TextPath, node: YamlNode | null): WrittenText {
  if (!isMap(node)) return { english, writtenPath, node, textPath: writtenPath, text: isScalar(node) ? node.value : null, otherKeys: [] }
  const keyOf = (pair: (typeof node.items)[number]) => String(isScalar(pair.key) ? pair.key.value : pair.key)
  const otherKeys = node.items.map(keyOf).filter((name) => !(translatedTextKeys as readonly string[]).includes(name))
  // A mistyped key (`form:`) counts as the key it resembles, as long as that key is not written too.
  const pairFor = (name: string) =>
    node.items.find((pair) => keyOf(pair) === name) ?? node.items.find((pair) => otherKeys.includes(keyOf(pair)) && closestName(keyOf(pair), translatedTextKeys) === name)
  const text = pairFor('text')
  const from = pairFor('from')
  return {
    english,
    writtenPath,
    node,
    textPath: text ? [...writtenPath, keyOf(text)] : writtenPath,
    text: text ? (isScalar(text.value) ? text.value.value : text.value) : undefined,
    ...(from ? { from: (from.value ?? null) as YamlNode | null, fromPath: [...writtenPath, keyOf(from)] } : {}),
    otherKeys,
  }
}

/** The hash a `from` holds as written: a plain 01234567 stays digits, not the number YAML reads. */
export function writtenHash(from: YamlNode | null | undefined): string | undefined {
  if (!isScalar(from)) return undefined
  if (from.type === 'PLAIN' && typeof from.source === 'string') return from.source
  return typeof from.value === 'string' ? from.value : undefined
}
