import { readFileSync, statSync } from 'node:fs'
import ts from 'typescript'
import { importTarget } from './import-target.js'

/**
 * The project's own modules a file imports for their values (type-only imports vanish at build time),
 * parsed with the TypeScript compiler and read again only when the file changed. Shared by the lint
 * rules that walk the import graph.
 */
const resolvable = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx']
const importsByFile = new Map()

export function resolve(fromFile, specifier) {
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

/** The imports of `file` that load values: each specifier and the project file it names (undefined for a package). */
export function valueImportsOf(file) {
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
  const imports = targets.map((specifier) => ({ specifier, target: resolve(file, specifier) }))
  importsByFile.set(file, { modified, imports })
  return imports
}

/** The project files `file` imports for their values. */
export function valueImports(file) {
  return valueImportsOf(file)
    .map(({ target }) => target)
    .filter((target) => target !== undefined)
}


