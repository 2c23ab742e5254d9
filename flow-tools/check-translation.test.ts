import { readFileSync } from 'node:fs'
import { isMap, parseDocument, type Document } from 'yaml'
import { describe, expect, it } from 'vitest'
import { consultationFlow, consultationSource, loadFlowForTest } from '@/testing/intake/consultation-flow'
import { optionParts, stepById } from '@/testing/intake/flow-reading'
import { changedSource, placeOf, stepIndex } from '@/testing/intake/yaml-source-edits'
import { checkTranslation } from './check-translation'
import { consultationFlowFile, translationFilesOf } from './flow-files'
import { formatProblem } from './flow-problem'
import { sourceTextHash } from './source-text-hash'
import { pathText, translatableTexts, type TextPath } from './translatable-texts'
import { writtenHash } from './written-translations'

const flow = consultationFlow
const { file } = translationFilesOf(consultationFlowFile).find(({ language }) => language === 'hi') ?? { file: '' }
const hindi = readFileSync(file, 'utf8')
const texts = translatableTexts(flow)
const total = texts.length

function problems(source: string, language = 'hi', against = flow): string[] {
  const result = checkTranslation(against, source, file, language)
  return result.ok ? [] : result.problems.map(formatProblem)
}

const hindiChanged = (change: (doc: Document) => void) => changedSource(hindi, change)
const textAt = (path: TextPath) => String(parseDocument(hindi).getIn([...path, 'text']))
const at = (source: string, path: TextPath) => placeOf(source, file, path)
const lineOf = (place: string) => place.split(':').at(-2)

/** `file:line:col` of a key of the mapping at `parent`. */
function keyAt(source: string, parent: TextPath, key: string): string {
  const doc = parseDocument(source, { keepSourceTokens: false })
  const map = doc.getIn(parent, true)
  const pair = isMap(map) ? map.items.find((p) => String((p.key as { value: unknown }).value) === key) : undefined
  const offset = (pair?.key as { range?: number[] } | undefined)?.range?.[0] ?? -1
  const before = source.slice(0, offset).split('\n')
  return `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

/** The Hindi with the key `from` of the mapping at `parent` written `to`. */
const renamed = (parent: TextPath, from: string, to: string) =>
  hindiChanged((doc) => {
    const map = doc.getIn(parent)
    const pair = isMap(map) ? map.items.find((p) => String((p.key as { value: unknown }).value) === from) : undefined
    if (!pair) throw new Error(`no key '${from}' at ${pathText(parent)}`)
    pair.key = doc.createNode(to)
  })

/** The options of a step of the flow, by label. */
const labelsOf = (id: string) => {
  const step = stepById(flow, id)
  return step.type === 'options' ? step.options.map((option) => optionParts(option).label) : []
}

/** What flow:check says of a text made from another English text, at its place in the translation. */
const staleMessage = (source: string, path: TextPath, english: string) =>
  `${at(source, [...path, 'text'])} hi translation of ${pathText(path)} was made from an English text that has changed since: the English is now ${JSON.stringify(english)}; ` +
  `update the translation, then write from: "${sourceTextHash(english)}" (or run: npm run flow:mark-translated -- ${file}:${lineOf(at(source, [...path, 'text']))})`

describe('a translation of the flow', () => {
  it('gives the Hindi a text for every text of the flow, each made from its current English', () => {
    const result = checkTranslation(flow, hindi, file, 'hi')
    expect(result.ok ? [] : result.problems).toEqual([])
    expect(result.coverage).toEqual({ language: 'hi', translated: total, total })
    const path = ['steps', 'occasion', 'options', labelsOf('occasion')[0]!]
    expect(result.ok && result.texts.get(JSON.stringify(path))).toBe(textAt(path))
  })

  it('reports a missing text where its step is, naming the language and the English text', () => {
    const label = labelsOf('occasion').at(-1)!
    const source = hindiChanged((doc) => doc.deleteIn(['steps', 'occasion', 'options', label]))
    expect(problems(source)).toEqual([`${at(source, ['steps', 'occasion', 'options'])} missing hi translation of steps › occasion › options › ${label}: "${label}"`])
    expect(checkTranslation(flow, source, file, 'hi').coverage?.translated).toBe(total - 1)
  })

  it('reports a key the flow does not have once, with a guess at the key it meant, and counts its texts there', () => {
    const source = renamed(['steps'], 'occasion', 'ocasion')
    expect(problems(source)).toEqual([`${keyAt(source, ['steps'], 'ocasion')} extra hi translation steps › ocasion: the flow has no such text (did you mean 'occasion'?)`])
    const label = labelsOf('occasion').find((l) => l.length >= 6)!
    const mistyped = `${label.slice(0, 2)}${label.slice(3)}`
    const typo = renamed(['steps', 'occasion', 'options'], label, mistyped)
    expect(problems(typo)).toEqual([
      `${keyAt(typo, ['steps', 'occasion', 'options'], mistyped)} extra hi translation steps › occasion › options › ${mistyped}: the flow has no such text (did you mean '${label}'?)`,
    ])
    const stranger = hindiChanged((doc) => doc.setIn(['chat', 'greeting_banner'], doc.createNode({ text: 'नमस्ते', from: sourceTextHash('Hello') })))
    expect(problems(stranger)).toEqual([`${keyAt(stranger, ['chat'], 'greeting_banner')} extra hi translation chat › greeting_banner: the flow has no such text`])
  })

  it('asks for a mapping where the flow has an option with replies', () => {
    const [path] = texts.filter((text) => text.path.includes('options') && text.path.includes('reply')).map((text) => text.path.slice(0, text.path.indexOf('reply')))
    const label = textAt([...path!, 'label'])
    const source = hindiChanged((doc) => doc.setIn(path!, doc.createNode({ text: label, from: sourceTextHash(String(path!.at(-1))) })))
    expect(problems(source)).toContain(`${at(source, path!)} hi translation of ${pathText(path!)} must be a mapping of label, reply`)
  })

  it("holds a translation to the English text's placeholders", () => {
    const named = texts.find((text) => /^[^{]*\{\{name\}\}[^{]*$/.test(text.text))!
    const textPath = [...named.path, 'text']
    const swapped = hindiChanged((doc) => doc.setIn(textPath, textAt(named.path).replace('{{name}}', '{{phone}}')))
    expect(problems(swapped)).toEqual([`${at(swapped, textPath)} hi translation of ${pathText(named.path)} must use the placeholders of "${named.text}" ({{name}})`])
    const unknown = hindiChanged((doc) => doc.setIn(textPath, textAt(named.path).replace('{{name}}', '{{naam}}')))
    expect(problems(unknown)).toEqual([expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+ hi: bad placeholder \\{\\{naam\\}\\} \\(known: `))])
  })

  it('reports an empty or non-text value, a wrong language and a missing name', () => {
    const source = hindiChanged((doc) => {
      doc.setIn(['chat', 'typing', 'text'], '')
      doc.setIn(['chat', 'log_label'], doc.createNode([1, 2]))
    })
    const found = problems(source)
    expect(found).toContain(`${at(source, ['chat', 'typing', 'text'])} hi translation of chat › typing must be text`)
    expect(found).toContain(`${at(source, ['chat', 'log_label'])} hi translation of chat › log_label must be text`)
    const ta = hindiChanged((doc) => doc.set('language', 'ta'))
    expect(problems(ta)).toContain(`${at(ta, ['language'])} language 'ta' does not match the file name's 'hi'`)
    const named = hindiChanged((doc) => doc.set('language', 'Hindi'))
    expect(problems(named)).toContain(`${at(named, ['language'])} language must be a language code such as hi`)
    const nameless = hindiChanged((doc) => doc.delete('name'))
    expect(problems(nameless)[0]).toBe(`${at(nameless, [])} missing hi name: the language's own name for the language switch`)
  })

  it('gives the chat each translation by its English text, and holds one English text to one translation', () => {
    const result = checkTranslation(flow, hindi, file, 'hi')
    const first = texts.find((text, _, all) => all.filter((other) => other.text === text.text).length > 1)!
    const twice = texts.filter((text) => text.text === first.text)
    expect(result.ok && result.byEnglish[first.text]).toBe(textAt(first.path))
    const path = twice[1]!.path
    const source = hindiChanged((doc) => doc.setIn([...path, 'text'], `${textAt(path)} (2)`))
    expect(problems(source)).toEqual([
      `${at(source, [...path, 'text'])} hi translation of ${pathText(path)} differs from that of ${pathText(twice[0]!.path)}, whose English text is the same ("${first.text}"): the chat shows one translation for one English text`,
    ])
  })

  it('answers empty, non-mapping, broken and oversized files with a clear problem', () => {
    expect(problems('')).toEqual([`${file}:1:1 a translation file must be a YAML mapping with language, name, and the texts`])
    expect(problems('- a\n- b\n')).toEqual([`${file}:1:1 a translation file must be a YAML mapping with language, name, and the texts`])
    expect(problems('language: hi\nname: "हिन्दी\n')[0]).toMatch(/:\d+:\d+ YAML: /)
    expect(problems('a'.repeat(600_000))).toEqual([`${file}:1:1 file is too large (limit 512 KB)`])
  })
})

describe('a translation knows the English it was made from', () => {
  it('reports the translation of a reworded English question at its place, with the new English and the from to write, and counts it missing', () => {
    const path = ['steps', 'occasion', 'say', 0] as const
    const english = `${texts.find((text) => pathText(text.path) === pathText(path))?.text} Tell us more.`
    const reworded = loadFlowForTest(changedSource(consultationSource, (doc) => doc.setIn(['steps', stepIndex(doc, 'occasion'), 'say', 0], english)), consultationFlowFile)
    expect(problems(hindi, 'hi', reworded)).toEqual([staleMessage(hindi, path, english)])
    expect(checkTranslation(reworded, hindi, file, 'hi').coverage).toEqual({ language: 'hi', translated: total - 1, total })
  })

  it("takes a from that names another English text's as outdated", () => {
    const [one, other] = texts
    const source = hindiChanged((doc) => doc.setIn([...one!.path, 'from'], sourceTextHash(other!.text)))
    expect(problems(source)).toEqual([staleMessage(source, one!.path, one!.text)])
  })

  it('reports a text without its from, and counts it missing', () => {
    const path = ['steps', 'occasion', 'say', 0]
    const english = texts.find((text) => pathText(text.path) === pathText(path))!.text
    const source = hindiChanged((doc) => doc.setIn(path, textAt(path)))
    const place = at(source, path)
    expect(problems(source)).toEqual([
      `${place} hi translation of steps › occasion › say › 0 does not say which English text it was made from: the English is ${JSON.stringify(english)}; ` +
        `once the translation says what it says, write it as text: … with from: "${sourceTextHash(english)}" (or run: npm run flow:mark-translated -- ${file}:${lineOf(place)})`,
    ])
    expect(checkTranslation(flow, source, file, 'hi').coverage?.translated).toBe(total - 1)
  })

  it.each([
    ['not hex', 'zzzzzzzz', '"zzzzzzzz"'],
    ['too short', '1234567', '"1234567"'],
    ['too long', '123456789', '"123456789"'],
    ['in capitals', 'ABCDEF12', '"ABCDEF12"'],
    ['empty', '', 'empty'],
    ['huge', 'f'.repeat(100_000), `"${'f'.repeat(24)}…"`],
    ['a script', '<script>alert(1)</script>', '"<script>alert(1)</script…"'],
    ['a list', [1, 2], 'a list'],
    ['a mapping', { sha: 1 }, 'a mapping'],
    ['null', null, '"null"'],
  ])('reports a garbled from (%s) at its place, once, quoting no more than a little of it', (_, garbled, shown) => {
    const path = ['chat', 'typing']
    const english = flow.chat.typing
    const source = hindiChanged((doc) => doc.setIn([...path, 'from'], doc.createNode(garbled)))
    const place = at(source, [...path, 'from'])
    expect(problems(source)).toEqual([
      `${place} hi translation of chat › typing: from must be the 8 hex digits (0-9, a-f) of the English text it was made from, not ${shown}; the English is ${JSON.stringify(english)}; ` +
        `once the translation says what it says, write from: "${sourceTextHash(english)}" (or run: npm run flow:mark-translated -- ${file}:${lineOf(at(source, [...path, 'text']))})`,
    ])
  })

  it('reads a from as written, and a mistyped key of a translated text as the key it resembles, reported once', () => {
    const read = (yaml: string) => writtenHash(parseDocument(yaml).get('from', true) as never)
    expect(read('from: 00012345')).toBe('00012345')
    expect(read('from: 0e123456')).toBe('0e123456')
    expect(read('from: "1e5"')).toBe('1e5')
    const path = ['chat', 'typing']
    const source = renamed(path, 'from', 'form')
    expect(problems(source)).toEqual([`${keyAt(source, path, 'form')} hi translation of chat › typing has an unknown key 'form' (did you mean 'from'?): a translated text has text and from`])
  })

  it('marks every text of the Hindi as made from the English at its place', () => {
    const doc = parseDocument(hindi)
    for (const text of texts) expect(writtenHash(doc.getIn([...text.path, 'from'], true) as never), pathText(text.path)).toBe(sourceTextHash(text.text))
  })
})
