import path from 'node:path'
import { resolve, valueImports } from './module-graph.js'

/**
 * Refuses an import (relative or through a project alias) that leads, through value imports, back to the importing file.
 * Type-only imports are left out: they vanish at build time and cannot cycle at run time.
 * (A well-kept plugin does this too, but its native resolver has no build for this machine's
 * registry, which breaks `npm ci`; the TypeScript compiler already here does the parsing.)
 */

/** A path of imports from `start` back to `target`, or undefined. */
function pathBack(start, target) {
  const seen = new Set()
  const stack = [[start, [start]]]
  while (stack.length > 0) {
    const [file, trail] = stack.pop()
    if (file === target) return trail
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of valueImports(file)) stack.push([next, [...trail, next]])
  }
  return undefined
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles through value imports.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}' },
  },
  create(context) {
    const file = context.physicalFilename
    const relative = (target) => path.relative(context.cwd, target)

    function check(node, specifier, typeOnly) {
      if (typeOnly || typeof specifier !== 'string') return
      const target = resolve(file, specifier)
      if (!target) return
      const trail = pathBack(target, file)
      if (trail) context.report({ node, messageId: 'cycle', data: { cycle: [file, ...trail].map(relative).join(' -> ') } })
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value, false),
    }
  },
}
