import path from 'node:path'
import { importAliases } from '../import-aliases.js'
import { valueImportsOf } from './module-graph.js'

/**
 * Vite bundles a config file and every project file it imports without resolving the project's import
 * aliases, and Node then fails to load an aliased import with "Cannot find package '@/…'". Applied to
 * the config files, this rule walks what they import and names every aliased import on the way.
 */
function isAliased(specifier) {
  return Object.keys(importAliases).some((prefix) => specifier.startsWith(prefix))
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'The files a Vite or Vitest config loads import each other without aliases.' },
    schema: [],
    messages: {
      aliased:
        "{{file}} imports '{{specifier}}', but {{config}} loads it and Vite's config loader resolves no alias: import it with a relative path.",
    },
  },
  create(context) {
    const config = context.physicalFilename
    const relative = (file) => path.relative(context.cwd, file)
    return {
      Program(node) {
        const seen = new Set()
        const pending = [config]
        while (pending.length > 0) {
          const file = pending.pop()
          if (seen.has(file)) continue
          seen.add(file)
          for (const { specifier, target } of valueImportsOf(file)) {
            if (isAliased(specifier)) context.report({ node, messageId: 'aliased', data: { file: relative(file), specifier, config: relative(config) } })
            if (target !== undefined && !target.includes(`${path.sep}node_modules${path.sep}`)) pending.push(target)
          }
        }
      },
    }
  },
}
