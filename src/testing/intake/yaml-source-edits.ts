import { isMap, isSeq, parseDocument, type Document } from 'yaml'
import { readYaml } from '../../../flow-tools/read-yaml'
import type { FlowPath } from '../../../flow-tools/yaml-locator'

/**
 * Tests that break a flow or translation file on purpose change it through its YAML document, by
 * structure, so they hold whatever wording, order and layout an editor gave the file.
 */

/** The source changed by `change`; comments and the rest of the layout stay as written. */
export function changedSource(source: string, change: (doc: Document) => void): string {
  const doc = parseDocument(source)
  change(doc)
  return doc.toString({ lineWidth: 0 })
}

/** Where the step with this id is in the flow document's steps: for paths such as ['steps', index, 'label']. */
export function stepIndex(doc: Document, id: string): number {
  const steps = doc.get('steps')
  const index = isSeq(steps) ? steps.items.findIndex((step) => isMap(step) && step.get('id') === id) : -1
  if (index === -1) throw new Error(`the flow has no step '${id}'`)
  return index
}

/** `file:line:col` of the value at a path of a source (lists by index), as flow:check prints a place. */
export function placeOf(source: string, file: string, path: FlowPath): string {
  const read = readYaml(source, file)
  if (!read.ok) throw new Error(`${file} is not readable YAML`)
  if (!read.locator.has(path)) throw new Error(`${file} has nothing at ${path.map(String).join(' › ')}`)
  const { line, col } = read.locator.at(path)
  return `${file}:${line}:${col}`
}
