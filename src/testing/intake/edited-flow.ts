import { parse, stringify } from 'yaml'

/** Keys whose values are names the flow refers to, not texts the visitor reads. */
const names = new Set(['version', 'id', 'type', 'next', 'start', 'answer', 'action', 'link', 'event', 'guard', 'field', 'value', 'before', 'after', 'phone'])
/** Subtrees left as they are: ad-pixel parameters are for the ad platform, not the visitor. */
const untouched = new Set(['params', 'timing'])

type Node = unknown

/**
 * A copy of a flow file changed the way a content editor may change it: every text the visitor
 * reads rewritten (placeholders kept), the options of every step in reverse order, and every timing
 * changed. Machine-behaviour checks must pass on it as they do on the original.
 */
export function editedFlowSource(source: string): string {
  const flow = parse(source) as Record<string, Node>
  let count = 0
  const labels = new Map<string, string>()
  const rewrite = (text: string) => {
    count += 1
    const placeholders = text.match(/\{\{[^{}]*\}\}/g) ?? []
    return [`Edited text ${count}`, ...placeholders].join(' ')
  }
  const relabel = (label: string) => {
    const edited = rewrite(label)
    labels.set(label, edited)
    return edited
  }
  const walkObject = (node: object): Record<string, Node> =>
    Object.fromEntries(Object.entries(node).map(([key, child]) => [key, untouched.has(key) ? child : walk(child, key)]))
  const walk = (node: Node, key: string): Node => {
    if (typeof node === 'string') return names.has(key) ? node : rewrite(node)
    if (Array.isArray(node)) {
      if (key !== 'options') return node.map((item) => walk(item, key))
      return node
        .map((option: string | { label: string }) =>
          typeof option === 'string' ? relabel(option) : { ...walkObject(option), label: relabel(option.label) },
        )
        .reverse()
    }
    return typeof node === 'object' && node !== null ? walkObject(node) : node
  }
  const edited = walk(flow, '') as Record<string, Node>
  edited.timing = Object.fromEntries(Object.entries(flow.timing as Record<string, number>).map(([name, ms]) => [name, Math.abs(3100 - ms)]))
  const relabelGuards = (node: Node): void => {
    if (typeof node !== 'object' || node === null) return
    const guard = node as { guard?: string; value?: string }
    if (guard.guard === 'answer_is' && guard.value !== undefined) guard.value = labels.get(guard.value) ?? guard.value
    Object.values(node).forEach(relabelGuards)
  }
  relabelGuards(edited)
  return stringify(edited)
}
