import { isMap, isSeq } from 'yaml'
import { languageCode } from '../src/features/intake/flow/chat-language.ts'
import { didYouMean } from './did-you-mean.ts'
import type { Flow } from '../src/features/intake/flow/flow.schema.ts'
import type { FlowProblem } from './flow-problem.ts'
import { findPlaceholderProblems } from '../src/features/intake/flow/placeholders.ts'
import { sourceTextHash, sourceTextHashPattern } from './source-text-hash.ts'
import { pathText, translatableTexts, type TextPath } from './translatable-texts.ts'
import { readWrittenTranslation, translatedTextKeys, writtenHash, type WrittenText } from './written-translations.ts'
import { readYaml } from './read-yaml.ts'

export interface TranslationCoverage {
  language: string
  /** The texts translated from the flow's current English. */
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

const key = (path: TextPath) => JSON.stringify(path)

const placeholdersOf = (text: string) => new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]))

/** A written value, short enough to quote in a message. */
const quoted = (value: string) => JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value)

/** The command that marks the translation at a place as made from the flow's current English. */
export const markCommand = (file: string, line: number) => `npm run flow:mark-translated -- ${file}:${line}`

/**
 * Checks a translation file (`flows/consultation.<language>.yaml`) against the flow: its language and
 * name, a text for every text of the flow and none that the flow lacks, each using the placeholders
 * of the flow's text and made from the flow's current English text (its `from`). Every problem names
 * the language and carries its `file:line:col`.
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
  const written = readWrittenTranslation(doc.contents, expected, locator, fileLanguage)
  for (const { line, col, message } of written.misplaced) problems.push(at(line, col, message))
  const found = new Set(written.texts.map((text) => key(text.english.path)))
  const texts = new Map<string, string>()
  for (const text of written.texts) {
    const translated = checkedText(text)
    if (translated !== undefined) texts.set(key(text.english.path), translated)
  }

  /** The translation of one text, if it is current and sound; else its problems are reported. */
  function checkedText({ english, writtenPath, textPath, text, from, fromPath, otherKeys }: WrittenText): string | undefined {
    const about = `${fileLanguage} translation of ${pathText(english.path)}`
    for (const other of otherKeys) {
      const { line, col } = locator.keyAt(writtenPath, other)
      problems.push(at(line, col, `${about} has an unknown key '${other}'${didYouMean(other, translatedTextKeys, '')}: a translated text has text and from`))
    }
    if (typeof text !== 'string' || text.trim() === '') {
      report(textPath, `${about} must be text`)
      return undefined
    }
    const wanted = placeholdersOf(english.text)
    // A placeholder the English text uses is known there (edit texts have {{step}}, {{from}}, {{to}}).
    const placeholderProblems = findPlaceholderProblems(text).filter((problem) => {
      const placeholder = /^\{\{\s*([^{}]*?)\s*\}\}/.exec(text.slice(problem.offset))?.[1]
      return placeholder === undefined || !wanted.has(placeholder)
    })
    for (const problem of placeholderProblems) {
      const { line, col } = locator.inside(textPath, problem.offset)
      problems.push(at(line, col, `${fileLanguage}: ${problem.message}`))
    }
    if (placeholderProblems.length > 0) return undefined
    const { line, col } = locator.at(textPath)
    const mark = `from: "${sourceTextHash(english.text)}" (or run: ${markCommand(file, line)})`
    if (from === undefined) {
      problems.push(at(line, col, `${about} does not say which English text it was made from: the English is ${JSON.stringify(english.text)}; once the translation says what it says, write it as text: … with ${mark}`))
      return undefined
    }
    const hash = writtenHash(from)
    if (hash === undefined || !sourceTextHashPattern.test(hash)) {
      const shown = isSeq(from) ? 'a list' : isMap(from) ? 'a mapping' : hash === undefined ? 'that' : hash === '' ? 'empty' : quoted(hash)
      const { line: fromLine, col: fromCol } = locator.at(fromPath ?? writtenPath)
      problems.push(at(fromLine, fromCol, `${about}: from must be the 8 hex digits (0-9, a-f) of the English text it was made from, not ${shown}; the English is ${JSON.stringify(english.text)}; once the translation says what it says, write ${mark}`))
      return undefined
    }
    if (hash !== sourceTextHash(english.text)) {
      problems.push(at(line, col, `${about} was made from an English text that has changed since: the English is now ${JSON.stringify(english.text)}; update the translation, then write ${mark}`))
      return undefined
    }
    const used = placeholdersOf(text)
    const differ = [...wanted].filter((p) => !used.has(p)).concat([...used].filter((p) => !wanted.has(p)))
    if (differ.length > 0) {
      report(textPath, `${about} must use the placeholders of "${english.text}" (${[...wanted].map((p) => `{{${p}}}`).join(', ') || 'none'})`)
      return undefined
    }
    return text
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
        [...entry.path, 'text'],
        `${fileLanguage} translation of ${pathText(entry.path)} differs from that of ${pathText(earlier)}, whose English text is the same ("${entry.text}"): the chat shows one translation for one English text`,
      )
    }
  }
  const coverage = { language: fileLanguage, translated: texts.size, total: expected.length }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line || a.col - b.col), coverage }
  return { ok: true, language: fileLanguage, name: String(name), texts, byEnglish, coverage }
}
