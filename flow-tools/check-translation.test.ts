import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkTranslation } from './check-translation'
import { formatProblem } from './flow-problem'
import { loadFlow } from './load-flow'
import { translatableTexts } from './translatable-texts'

const flowFile = 'flows/consultation.flow.yaml'
const file = 'flows/consultation.hi.yaml'
const hindi = readFileSync(file, 'utf8')
const loaded = loadFlow(readFileSync(flowFile, 'utf8'), flowFile)
if (!loaded.ok) throw new Error('the committed flow has problems')
const flow = loaded.flow

function problems(source: string, language = 'hi'): string[] {
  const result = checkTranslation(flow, source, file, language)
  return result.ok ? [] : result.problems.map(formatProblem)
}

/** `file:line:col` of the first `needle` in `source`, plus an offset. */
function at(source: string, needle: string, offset = 0): string {
  const index = source.indexOf(needle)
  if (index === -1) throw new Error(`'${needle}' is not in the source`)
  const before = source.slice(0, index + offset).split('\n')
  return `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

describe('a translation of the flow', () => {
  it('gives the committed Hindi a text for every text of the flow', () => {
    const result = checkTranslation(flow, hindi, file, 'hi')
    expect(result.ok ? [] : result.problems).toEqual([])
    expect(result.coverage).toEqual({ language: 'hi', translated: translatableTexts(flow).length, total: translatableTexts(flow).length })
    expect(result.ok && result.texts.get(JSON.stringify(['steps', 'occasion', 'options', 'Anniversary']))).toBe('सालगिरह')
  })

  it('reports a missing text where its step is, naming the language and the English text', () => {
    const source = hindi.replace('      "Festival": "त्योहार"\n', '')
    expect(problems(source)).toEqual([`${at(source, '"Engagement/Wedding"')} missing hi translation of steps › occasion › options › Festival: "Festival"`])
    const result = checkTranslation(flow, source, file, 'hi')
    expect(result.coverage?.translated).toBe(translatableTexts(flow).length - 1)
  })

  it('reports a key the flow does not have once, with a guess at the key it meant, and counts its texts there', () => {
    const source = hindi.replace(/^ {2}occasion:$/m, '  ocasion:')
    expect(problems(source)).toEqual([`${at(source, 'ocasion:')} extra hi translation steps › ocasion: the flow has no such text (did you mean 'occasion'?)`])
    const typo = hindi.replace('"Anniversary": "सालगिरह"', '"Aniversary": "सालगिरह"')
    expect(problems(typo)).toEqual([`${at(typo, '"Aniversary"')} extra hi translation steps › occasion › options › Aniversary: the flow has no such text (did you mean 'Anniversary'?)`])
    const stranger = hindi.replace('  typing: "लिख रहे हैं..."', '  typing: "लिख रहे हैं..."\n  greeting_banner: "नमस्ते"')
    expect(problems(stranger)).toEqual([`${at(stranger, 'greeting_banner')} extra hi translation chat › greeting_banner: the flow has no such text`])
  })

  it('asks for a mapping where the flow has an option with replies', () => {
    const source = hindi.replace(/ {6}"📞 Call Now":\n {8}label: "📞 अभी कॉल करें"\n {8}reply:\n {10}- "[^"]+"\n/, '      "📞 Call Now": "📞 अभी कॉल करें"\n')
    expect(problems(source)).toContain(`${at(source, '"📞 अभी कॉल करें"')} hi translation of steps › next_steps › options › 📞 Call Now must be a mapping of label, reply`)
  })

  it("holds a translation to the English text's placeholders", () => {
    const source = hindi.replace('"आपसे मिलकर बहुत ख़ुशी हुई, {{name}}! 😊"', '"आपसे मिलकर बहुत ख़ुशी हुई, {{phone}}! 😊"')
    expect(problems(source)).toEqual([
      `${at(source, '"आपसे मिलकर')} hi translation of steps › name_form › reply › 0 must use the placeholders of "Lovely to meet you, {{name}}! 😊" ({{name}})`,
    ])
    const unknown = hindi.replace('"आपसे मिलकर बहुत ख़ुशी हुई, {{name}}! 😊"', '"आपसे मिलकर बहुत ख़ुशी हुई, {{naam}}! 😊"')
    expect(problems(unknown)).toEqual([expect.stringMatching(/^flows\/consultation\.hi\.yaml:\d+:\d+ hi: bad placeholder \{\{naam\}\} \(known: /)])
  })

  it('reports an empty or non-text value, a wrong language and a missing name', () => {
    const source = hindi.replace('  typing: "लिख रहे हैं..."', '  typing: ""').replace('  log_label: "परामर्श चैट"', '  log_label: [1, 2]')
    const found = problems(source)
    expect(found).toContain(`${at(source, '""')} hi translation of chat › typing must be text`)
    expect(found).toContain(`${at(source, '[1, 2]')} extra hi translation chat › log_label › 0: the flow has no such text`)
    expect(problems(hindi.replace('language: hi', 'language: ta'))).toContain(`${file}:4:11 language 'ta' does not match the file name's 'hi'`)
    expect(problems(hindi.replace('language: hi', 'language: Hindi'))).toContain(`${file}:4:11 language must be a language code such as hi`)
    expect(problems(hindi.replace('name: हिन्दी\n', ''))[0]).toBe(`${at(hindi, 'language: hi')} missing hi name: the language's own name for the language switch`)
  })

  it('gives the chat each translation by its English text, and holds one English text to one translation', () => {
    const result = checkTranslation(flow, hindi, file, 'hi')
    expect(result.ok && result.byEnglish['Anniversary']).toBe('सालगिरह')
    expect(result.ok && result.byEnglish['Loading...']).toBe('लोड हो रहा है...')
    const source = hindi.replace('    loading: "लोड हो रहा है..."', '    loading: "लोड हो रहे हैं..."')
    expect(problems(source)).toEqual([
      `${at(source, '"लोड हो रहे हैं..."')} hi translation of scheduler › card › loading differs from that of chat › loading, whose English text is the same ("Loading..."): the chat shows one translation for one English text`,
    ])
  })

  it('answers empty, non-mapping, broken and oversized files with a clear problem', () => {
    expect(problems('')).toEqual([`${file}:1:1 a translation file must be a YAML mapping with language, name, and the texts`])
    expect(problems('- a\n- b\n')).toEqual([`${file}:1:1 a translation file must be a YAML mapping with language, name, and the texts`])
    expect(problems('language: hi\nname: "हिन्दी\n')[0]).toMatch(/^flows\/consultation\.hi\.yaml:\d+:\d+ YAML: /)
    expect(problems('a'.repeat(600_000))).toEqual([`${file}:1:1 file is too large (limit 512 KB)`])
  })
})
