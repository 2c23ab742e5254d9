import path from 'node:path'
import { importAliases } from '../import-aliases.js'

/**
 * The path (without extension) an import specifier names: relative to the importing file, or under a
 * project alias (`@/` for src/, ...); undefined for a package.
 */
export function importTarget(fromFile, specifier, cwd) {
  const bare = specifier.split('?')[0]
  if (bare.startsWith('.')) return path.resolve(path.dirname(fromFile), bare)
  const alias = Object.keys(importAliases).find((prefix) => bare.startsWith(prefix))
  return alias === undefined ? undefined : path.resolve(cwd, importAliases[alias], bare.slice(alias.length))
}
