import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml'
import { languageCode } from '../src/features/intake/flow/chat-language.ts'
import { closestName } from './did-you-mean.ts'
import type { Flow } from '../src/features/intake/flow/flow.schema.ts'
import type { FlowProblem } from './flow-problem.ts'
import { findPlaceholderProblems } from '../src/features/intake/flow/placeholders.ts'
import { pathText, translatableTexts, type TextPath } from './translatable-texts.ts'
import { readYaml } from './read-yaml.ts'


export interface TranslationCoverage {
  language: string
  translated: number
  total: number
}

export type TranslationResult =
  | {
      ok: true
      language: string
      name: string
      /** Each translated text by its path in the file. */
      texts: Map<string, string>
      /** Each translated text by the flow's English text: what the chat shows (chat-language.ts). */
      byEnglish: Record<string, string>
      coverage: TranslationCoverage
    }
  | { ok: false; problems: FlowProblem[]; coverage?: TranslationCoverage }

const headerKeys = ['language', 'name'] as const

const key = (path: TextPath) => JSON.stringify(path)

/** Every text leaf of the translation file, with its path (lists keyed by index) and node. */
function leaves(node: unknown, path: TextPath, out: { path: TextPath; node: YamlNode }[]): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue
      const childPath = [...path, String(pair.key.value)]
      if (path.length === 0 && (headerKeys as readonly string[]).includes(String(pair.key.value))) continue
      if (pair.value === null || isScalar(pair.value)) out.push({ path: childPath, node: (pair.value ?? pair.key) as YamlNode })
      else leaves(pair.value, childPath, out)
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      if (item === null || isScalar(item)) out.push({ path: [...path, index], node: item as YamlNode })
      else leaves(item, [...path, index], out)
    })
  }
}

const placeholdersOf = (text: string) => new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]))

/** Every prefix of the flow's text paths, to find where a written path leaves them. */
function knownPrefixes(expected: readonly TextPath[]): Set<string> {
  return new Set(expected.flatMap((path) => path.map((_, index) => key(path.slice(0, index + 1)))))
}

/** The keys the flow has under a path, for a guess at a mistyped one. */
function keysUnder(parent: TextPath, expected: readonly TextPath[]): string[] {
  const prefix = key(parent)
  return [...new Set(expected.filter((p) => p.length > parent.length && key(p.slice(0, parent.length)) === prefix).map((p) => String(p[parent.length])))]
}

/**
 * Checks a translation file (`flows/consultation.<language>.yaml`) against the flow: its language and
 * name, a text for every text of the flow and none that the flow lacks, each using the placeholders
 * of the flow's text. Every problem names the language and carries its `file:line:col`.
 */
export function checkTranslation(flow: Flow, source: string, file: string, fileLanguage: string): TranslationResult {
  const at = (line: number, col: number, message: string): FlowProblem => ({ file, line, col, message })
  const read = readYaml(source, file)
  if (!read.ok) return read
  const { doc, locator } = read
  const problems: FlowProblem[] = []
  const report = (path: TextPath, message: string) => {
    const { line, col } = locator.at(path)
    problems.push(at(line, col, message))
  }
  if (!isMap(doc.contents)) return { ok: false, problems: [at(1, 1, 'a translation file must be a YAML mapping with language, name, and the texts')] }
  const language = doc.get('language')
  const name = doc.get('name')
  if (typeof language !== 'string' || !languageCode.test(language)) report(['language'], 'language must be a language code such as hi')
  else if (language !== fileLanguage) report(['language'], `language '${language}' does not match the file name's '${fileLanguage}'`)
  if (typeof name !== 'string' || name.trim() === '') report(['name'], `missing ${fileLanguage} name: the language's own name for the language switch`)

  const expected = translatableTexts(flow)
  const expectedByKey = new Map(expected.map((entry) => [key(entry.path), entry]))
  const found = new Map<string, { path: TextPath; node: YamlNode }>()
  const written: { path: TextPath; node: YamlNode }[] = []
  leaves(doc.contents, [], written)
  const texts = new Map<string, string>()
  const prefixes = knownPrefixes(expected.map((entry) => entry.path))
  const reportedKeys = new Set<string>()
  for (const leaf of written) {
    // The first key the flow does not have is reported once; when it resembles one it has, the texts
    // under it count as that key's, so one typo is one problem.
    let path = leaf.path
    const unknownAt = path.findIndex((_, index) => !prefixes.has(key(path.slice(0, index + 1))))
    if (unknownAt !== -1) {
      const parent = path.slice(0, unknownAt)
      const written = String(path[unknownAt])
      const meant = closestName(written, keysUnder(parent, expected.map((entry) => entry.path)))
      if (!reportedKeys.has(key(path.slice(0, unknownAt + 1)))) {
        reportedKeys.add(key(path.slice(0, unknownAt + 1)))
        const { line, col } = locator.keyAt(parent, written)
        const guess = meant === undefined ? '' : ` (did you mean '${meant}'?)`
        problems.push(at(line, col, `extra ${fileLanguage} translation ${pathText(path.slice(0, unknownAt + 1))}: the flow has no such text${guess}`))
      }
      if (meant === undefined) continue
      path = [...parent, meant, ...path.slice(unknownAt + 1)]
      if (!expectedByKey.has(key(path))) continue
    }
    const english = expectedByKey.get(key(path))
    if (!english) {
      report(leaf.path, `${fileLanguage} translation of ${pathText(path)} must be a mapping of ${keysUnder(path, expected.map((entry) => entry.path)).join(', ')}`)
      continue
    }
    found.set(key(path), leaf)
    const value = isScalar(leaf.node) ? leaf.node.value : null
    if (typeof value !== 'string' || value.trim() === '') {
      report(leaf.path, `${fileLanguage} translation of ${pathText(path)} must be text`)
      continue
    }
    const wanted = placeholdersOf(english.text)
    // A placeholder the English text uses is known there (edit texts have {{step}}, {{from}}, {{to}}).
    const placeholderProblems = findPlaceholderProblems(value).filter((problem) => {
      const name = /^\{\{\s*([^{}]*?)\s*\}\}/.exec(value.slice(problem.offset))?.[1]
      return name === undefined || !wanted.has(name)
    })
    for (const problem of placeholderProblems) {
      const { line, col } = locator.inside(leaf.path, problem.offset)
      problems.push(at(line, col, `${fileLanguage}: ${problem.message}`))
    }
    if (placeholderProblems.length > 0) continue
    const used = placeholdersOf(value)
    const differ = [...wanted].filter((p) => !used.has(p)).concat([...used].filter((p) => !wanted.has(p)))
    if (differ.length > 0) {
      report(leaf.path, `${fileLanguage} translation of ${pathText(path)} must use the placeholders of "${english.text}" (${[...wanted].map((p) => `{{${p}}}`).join(', ') || 'none'})`)
      continue
    }
    texts.set(key(path), value)
  }
  for (const entry of expected) {
    if (!found.has(key(entry.path))) report(entry.path, `missing ${fileLanguage} translation of ${pathText(entry.path)}: "${entry.text}"`)
  }
  // The chat finds a translation by its English text, so the same English text needs the same translation everywhere.
  const byEnglish: Record<string, string> = Object.create(null) as Record<string, string>
  const firstPath = new Map<string, TextPath>()
  for (const entry of expected) {
    const translated = texts.get(key(entry.path))
    if (translated === undefined) continue
    const earlier = firstPath.get(entry.text)
    if (earlier === undefined) {
      firstPath.set(entry.text, entry.path)
      byEnglish[entry.text] = translated
    } else if (byEnglish[entry.text] !== translated) {
      report(
        entry.path,
        `${fileLanguage} translation of ${pathText(entry.path)} differs from that of ${pathText(earlier)}, whose English text is the same ("${entry.text}"): the chat shows one translation for one English text`,
      )
    }
  }
  const coverage = { language: fileLanguage, translated: texts.size, total: expected.length }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line || a.col - b.col), coverage }
  return { ok: true, language: fileLanguage, name: String(name), texts, byEnglish, coverage }
}
