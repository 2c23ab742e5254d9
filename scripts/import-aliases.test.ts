import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { importAliases } from '../import-aliases.js'

const projectRoot = path.resolve(import.meta.dirname, '..')

function pathsOf(tsconfig: string): Record<string, string[]> {
  const { config } = ts.readConfigFile(path.join(projectRoot, tsconfig), ts.sys.readFile)
  return (config as { compilerOptions?: { paths?: Record<string, string[]> } }).compilerOptions?.paths ?? {}
}

describe('the import aliases', () => {
  const expectedPaths = Object.fromEntries(Object.entries(importAliases).map(([prefix, folder]) => [`${prefix}*`, [`./${folder}*`]]))

  it.each(['tsconfig.json', 'tsconfig.app.json', 'tsconfig.node.json'])('are the paths of %s (import-aliases.js declares them)', (tsconfig) => {
    expect(pathsOf(tsconfig)).toMatchObject(expectedPaths)
  })
})
