import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node as YamlNode } from 'yaml'

export type FlowPath = readonly PropertyKey[]

export interface Position {
  line: number
  col: number
}

function pairFor(node: unknown, key: PropertyKey) {
  if (!isMap(node)) return undefined
  return node.items.find((pair) => isPair(pair) && isScalar(pair.key) && String(pair.key.value) === String(key))
}

function childOf(node: unknown, key: PropertyKey): YamlNode | undefined {
  if (isSeq(node) && typeof key === 'number') return node.items[key] as YamlNode | undefined
  const pair = pairFor(node, key)
  return pair ? ((pair.value ?? pair.key) as YamlNode) : undefined
}

/** Finds source positions of values and keys in a parsed YAML document. */
export class YamlLocator {
  private readonly doc: Document
  private readonly lineCounter: LineCounter

  constructor(doc: Document, lineCounter: LineCounter) {
    this.doc = doc
    this.lineCounter = lineCounter
  }

  /** The deepest node along the path, and whether the whole path exists. */
  private walk(path: FlowPath): { node: unknown; found: boolean } {
    let node: unknown = this.doc.contents
    for (const key of path) {
      const child = childOf(node, key)
      if (child === undefined) return { node, found: false }
      node = child
    }
    return { node, found: true }
  }

  has(path: FlowPath): boolean {
    return this.walk(path).found
  }

  /** Position of the value at `path`, or of its deepest existing ancestor. */
  at(path: FlowPath): Position {
    return this.position(this.walk(path).node)
  }

  /** Position of the key `key` of the mapping at `path`. */
  keyAt(path: FlowPath, key: string): Position {
    const { node } = this.walk(path)
    const pair = pairFor(node, key)
    return this.position(pair?.key ?? node)
  }

  /** Position of an offset inside the scalar text at `path` (for problems inside a text). */
  inside(path: FlowPath, offset: number): Position {
    const { node, found } = this.walk(path)
    if (!found || !isScalar(node) || !node.range) return this.position(node)
    const value = String(node.value)
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE'
    if (node.type === 'PLAIN' || (quoted && !/[\\\n']/.test(value))) {
      return this.offsetPosition(node.range[0] + (quoted ? 1 : 0) + offset)
    }
    return this.position(node)
  }

  private position(node: unknown): Position {
    const range = (node as { range?: [number, number, number] } | null)?.range
    return this.offsetPosition(range ? range[0] : 0)
  }

  /** Line and column of an offset in the source. */
  offsetPosition(offset: number): Position {
    const { line, col } = this.lineCounter.linePos(offset)
    return { line, col }
  }
}
