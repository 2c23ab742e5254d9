import { writeFileSync } from 'node:fs'
import { flowOfTranslation, loadFlowFile, problemReport } from '../flow-files.ts'
import { readSource } from '../read-source.ts'
import { markTranslated, type Place } from '../mark-translated.ts'
import { pathText } from '../translatable-texts.ts'

const usage = 'usage: npm run flow:mark-translated -- <translation file>:<line>[:<col>] ... (the places flow:check prints)'

function parsePlace(arg: string): { file: string; place: Place } | undefined {
  const match = /^(.+?):(\d+)(?::(\d+))?$/.exec(arg)
  if (!match) return undefined
  return { file: match[1] as string, place: { line: Number(match[2]), ...(match[3] ? { col: Number(match[3]) } : {}) } }
}

/**
 * `npm run flow:mark-translated -- flows/consultation.hi.yaml:84`: after updating a translation, marks
 * the text at each place named as made from the flow's current English (its `from`), and nothing else.
 * Writes the file only when every place holds a text.
 */
function main(): number {
  const args = process.argv.slice(2)
  const places = args.flatMap((arg) => parsePlace(arg) ?? [])
  if (args.length === 0 || places.length < args.length) {
    const bad = args.filter((arg) => !parsePlace(arg))
    console.error(bad.map((arg) => `'${arg}' is not a place such as flows/consultation.hi.yaml:84`).concat(usage).join('\n'))
    return 1
  }
  const files = [...new Set(places.map((place) => place.file))]
  let failed = false
  for (const file of files) {
    const translation = flowOfTranslation(file)
    if (!translation) {
      console.error(`${file}: not a translation file (a name such as consultation.hi.yaml, beside consultation.flow.yaml)`)
      failed = true
      continue
    }
    const flow = loadFlowFile(translation.flowFile)
    const read = readSource(file)
    if (!flow.ok || !read.ok) {
      console.error(problemReport(flow.ok ? read : flow))
      failed = true
      continue
    }
    // From the last place up, so each place still names the line it named.
    const here = places.filter((p) => p.file === file).sort((a, b) => b.place.line - a.place.line || (b.place.col ?? 0) - (a.place.col ?? 0))
    let source = read.source
    const said: string[] = []
    let refused = false
    for (const { place } of here) {
      const result = markTranslated(flow.flow, source, file, translation.language, place)
      if (!result.ok) {
        console.error(result.message)
        refused = true
        continue
      }
      source = result.source
      const what = `${file}:${place.line} ${pathText(result.text.english.path)}`
      said.unshift(result.changed ? `${what}: marked as translated from ${JSON.stringify(result.text.english.text)} (from: "${result.hash}")` : `${what}: already marked as translated from the current English`)
    }
    failed ||= refused
    if (refused) continue
    if (source !== read.source) writeFileSync(file, source)
    for (const line of said) console.log(line)
  }
  if (failed) console.error('Nothing was written to a file with a place that could not be marked; fix the places and run it again.')
  return failed ? 1 : 0
}

process.exitCode = main()
