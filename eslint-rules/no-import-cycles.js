import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { importTarget } from './import-target.js'

/**
 * Refuses an import (relative or through a project alias) that leads, through value imports, back to the importing file.
 * Type-only imports are left out: they vanish at build time and cannot cycle at run time.
 * (A well-kept plugin does this too, but its native resolver has no build for this machine's
 * registry, which breaks `npm ci`; the TypeScript compiler already here does the parsing.)
 */

const resolvable = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx']
const importsByFile = new Map()

function resolve(fromFile, specifier) {
  const base = importTarget(fromFile, specifier, process.cwd())
  if (base === undefined) return undefined
  for (const ending of resolvable) {
    const candidate = base + ending
    try {
      if (statSync(candidate).isFile() && /\.(ts|tsx|js)$/.test(candidate)) return candidate
    } catch {
      // not this ending
    }
  }
  return undefined
}

function isTypeOnly(statement) {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly
  const clause = statement.importClause
  if (!clause) return false
  if (clause.isTypeOnly) return true
  const bindings = clause.namedBindings
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
}

/** The files `file` imports for their values; read again only when the file changed. */
function valueImports(file) {
  const modified = statSync(file).mtimeMs
  const known = importsByFile.get(file)
  if (known && known.modified === modified) return known.imports
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const targets = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !isTypeOnly(node)) {
      targets.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      targets.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  const resolved = targets.map((target) => resolve(file, target)).filter((target) => target !== undefined)
  importsByFile.set(file, { modified, imports: resolved })
  return resolved
}

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
