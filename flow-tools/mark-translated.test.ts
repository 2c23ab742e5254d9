import { readFileSync } from 'node:fs'
import { parseDocument, Scalar, type Document } from 'yaml'
import { describe, expect, it } from 'vitest'
import { consultationFlow, consultationSource, loadFlowForTest } from '@/testing/intake/consultation-flow'
import { optionParts, stepById } from '@/testing/intake/flow-reading'
import { changedSource, placeOf, stepIndex } from '@/testing/intake/yaml-source-edits'
import { checkTranslation } from './check-translation'
import { consultationFlowFile, translationFilesOf } from './flow-files'
import { markTranslated, type Place } from './mark-translated'
import { translatableTexts, type TextPath } from './translatable-texts'

const { file } = translationFilesOf(consultationFlowFile).find(({ language }) => language === 'hi') ?? { file: '' }
const hindi = readFileSync(file, 'utf8')
const englishAt = (path: TextPath) => translatableTexts(consultationFlow).find((text) => JSON.stringify(text.path) === JSON.stringify(path))?.text ?? ''
const hindiAt = (source: string, path: TextPath) => String(parseDocument(source).getIn([...path, 'text']) ?? parseDocument(source).getIn(path))
const lineOf = (source: string, path: TextPath): Place => ({ line: Number(placeOf(source, file, path).split(':').at(-2)) })
const problemsOf = (source: string, flow = consultationFlow) => {
  const result = checkTranslation(flow, source, file, 'hi')
  return result.ok ? [] : result.problems.map((problem) => problem.message)
}

/** The flow with the first bot message of these questions reworded. */
function reworded(...ids: string[]) {
  const source = changedSource(consultationSource, (doc) => {
    for (const id of ids) doc.setIn(['steps', stepIndex(doc, id), 'say', 0], `${englishAt(['steps', id, 'say', 0])} Tell us more.`)
  })
  return loadFlowForTest(source, consultationFlowFile)
}

function marked(source: string, place: Place, flow = consultationFlow) {
  const result = markTranslated(flow, source, file, 'hi', place)
  if (!result.ok) throw new Error(result.message)
  return result
}

const changedLines = (before: string, after: string) => {
  const [a, b] = [before.split('\n'), after.split('\n')]
  return b.filter((line, index) => line !== a[index])
}

describe('marking a translation as made from the current English', () => {
  it("after the English changed, sets that text's from, on its one line, and flow:check passes", () => {
    const flow = reworded('occasion')
    const path = ['steps', 'occasion', 'say', 0]
    expect(problemsOf(hindi, flow)).toHaveLength(1)
    const result = marked(hindi, lineOf(hindi, [...path, 'text']), flow)
    expect(result).toMatchObject({ changed: true, text: { english: { path, text: englishAt(path).concat(' Tell us more.') } } })
    expect(changedLines(hindi, result.source)).toEqual([expect.stringMatching(new RegExp(`^ +from: "${result.hash}"$`))])
    expect(problemsOf(result.source, flow)).toEqual([])
  })

  it('marks only the place it is given, never another outdated text', () => {
    const flow = reworded('occasion', 'timeline')
    const result = marked(hindi, lineOf(hindi, ['steps', 'occasion', 'say', 0, 'from']), flow)
    expect(problemsOf(result.source, flow)).toEqual([expect.stringContaining('hi translation of steps › timeline › say › 0 was made from an English text that has changed since')])
  })

  it('leaves a current text as it is', () => {
    const result = marked(hindi, lineOf(hindi, ['chat', 'typing', 'text']))
    expect(result).toMatchObject({ changed: false, source: hindi })
  })

  it('writes a text written alone as text and from, in a mapping, a list, a flow mapping and a block, keeping the translation', () => {
    const occasion = stepById(consultationFlow, 'occasion')
    const labels = occasion.type === 'options' ? occasion.options.map((option) => optionParts(option).label) : []
    const alone = (doc: Document, path: TextPath) => doc.setIn(path, hindiAt(hindi, path))
    const source = changedSource(hindi, (doc) => {
      alone(doc, ['chat', 'typing'])
      alone(doc, ['steps', 'occasion', 'say', 0])
      const options = doc.createNode(Object.fromEntries(labels.map((label) => [label, hindiAt(hindi, ['steps', 'occasion', 'options', label])])))
      options.flow = true
      doc.setIn(['steps', 'occasion', 'options'], options)
      const block = new Scalar(`${hindiAt(hindi, ['links', 'chat_first', 'whatsapp'])}\nदूसरी पंक्ति`)
      block.type = Scalar.BLOCK_LITERAL
      doc.setIn(['links', 'chat_first', 'whatsapp'], block)
    })
    expect(source).toContain('{ ')
    const flow = loadFlowForTest(
      changedSource(consultationSource, (doc) => doc.setIn(['links', 'chat_first', 'whatsapp'], `${englishAt(['links', 'chat_first', 'whatsapp'])}\nA second line`)),
      consultationFlowFile,
    )
    const places: [TextPath, Place][] = [
      [['links', 'chat_first', 'whatsapp'], lineOf(source, ['links', 'chat_first', 'whatsapp'])],
      [['chat', 'typing'], lineOf(source, ['chat', 'typing'])],
      [['steps', 'occasion', 'say', 0], lineOf(source, ['steps', 'occasion', 'say', 0])],
    ]
    const optionsLine = lineOf(source, ['steps', 'occasion', 'options'])
    let result = source
    for (const label of [...labels].reverse()) {
      const [line, col] = placeOf(result, file, ['steps', 'occasion', 'options', label]).split(':').slice(-2).map(Number) as [number, number]
      expect(line).toBe(optionsLine.line)
      result = marked(result, { line, col }, flow).source
    }
    for (const [, place] of places.reverse()) result = marked(result, place, flow).source
    expect(problemsOf(result, flow)).toEqual([])
    for (const [path] of places) expect(hindiAt(result, path)).toBe(hindiAt(source, path))
    expect(hindiAt(result, ['links', 'chat_first', 'whatsapp'])).toContain('\nदूसरी पंक्ति')
  })

  it('refuses a place without a text, a line of several texts without its column, and a text not yet written', () => {
    expect(markTranslated(consultationFlow, hindi, file, 'hi', lineOf(hindi, ['language']))).toEqual({
      ok: false,
      message: `${file}:${lineOf(hindi, ['language']).line} holds no hi text of the flow (flow:check names the line of each text to mark)`,
    })
    expect(markTranslated(consultationFlow, hindi, file, 'hi', { line: 100_000 })).toMatchObject({ ok: false })
    const flowStyle = changedSource(hindi, (doc) => {
      const options = doc.getIn(['steps', 'occasion', 'options'], true) as { flow?: boolean }
      options.flow = true
    })
    const line = lineOf(flowStyle, ['steps', 'occasion', 'options'])
    expect(markTranslated(consultationFlow, flowStyle, file, 'hi', line)).toMatchObject({ ok: false, message: expect.stringMatching(/ holds \d+ texts \(.*\): add the column, as flow:check gives it$/) })
    const empty = changedSource(hindi, (doc) => doc.setIn(['chat', 'typing', 'text'], ''))
    expect(markTranslated(consultationFlow, empty, file, 'hi', lineOf(empty, ['chat', 'typing', 'text']))).toEqual({
      ok: false,
      message: `${file}:${lineOf(empty, ['chat', 'typing', 'text']).line}: write the hi translation of ${JSON.stringify(consultationFlow.chat.typing)} first`,
    })
  })
})
