import { LineCounter, parseDocument, type Document } from 'yaml'
import type { FlowProblem } from './flow-problem.ts'
import { YamlLocator } from './yaml-locator.ts'

/** The most a flow file or a translation file may weigh. */
export const maxYamlFileBytes = 512 * 1024

export type YamlRead = { ok: true; doc: Document; locator: YamlLocator } | { ok: false; problems: FlowProblem[] }

/** Parses an editor's YAML file, keeping positions; a file too large or not YAML is a problem with its place. */
export function readYaml(source: string, file: string): YamlRead {
  if (source.length > maxYamlFileBytes) {
    return { ok: false, problems: [{ file, line: 1, col: 1, message: `file is too large (limit ${maxYamlFileBytes / 1024} KB)` }] }
  }
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true })
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => {
        const pos = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0])
        return { file, line: pos.line, col: pos.col, message: `YAML: ${error.message.split('\n')[0]}` }
      }),
    }
  }
  return { ok: true, doc, locator: new YamlLocator(doc, lineCounter) }
}
