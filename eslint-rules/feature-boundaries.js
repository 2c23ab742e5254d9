import path from 'node:path'
import { importTarget } from './import-target.js'

/**
 * Which parts of src/ may import which (docs/architecture.md, Who may import whom). A part is `app`, `features/<name>`,
 * `lib`, `components` or `testing`; files directly in src/ belong to `app`. The build-time flow tooling beside
 * src/, `flow-tools`, is a part too, that only `testing` may import. Every import, export-from,
 * dynamic import() and import type() with a relative path or a project alias (`@/`, `@flows/`) is checked, types included.
 *
 * Options:
 * - allow: for each part, the parts it may import besides itself; 'features/*' stands for every
 *   feature, '*' for everything. A part missing here is reported, so a new feature gets its arrows.
 * - testOnly: parts that only test files (*.test.ts, *.test.tsx) may import.
 * - flowFiles: parts that may import a flow file (flows/...); all others may not.
 */

function partOf(file, cwd) {
  const relative = path.relative(cwd, file).split(path.sep)
  if (relative[0] === 'flows') return 'flows'
  if (relative[0] === 'flow-tools') return 'flow-tools'
  if (relative[0] !== 'src') return null
  if (relative.length === 2) return 'app'
  if (relative[1] === 'features') return relative.length > 3 ? `features/${relative[2]}` : 'app'
  return relative[1]
}

function allows(allowed, target) {
  return allowed.some((entry) => entry === '*' || entry === target || (entry === 'features/*' && target.startsWith('features/')))
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between the parts of src/ follow the arrows of docs/architecture.md, Who may import whom.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          testOnly: { type: 'array', items: { type: 'string' } },
          flowFiles: { type: 'array', items: { type: 'string' } },
        },
        required: ['allow'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "{{from}} may not import {{to}} (docs/architecture.md, Who may import whom: {{from}} may import {{allowed}}).",
      testOnly: '{{to}} is test support: only test files may import it.',
      flowFile: '{{from}} may not import the flow file; take what it needs from a module derived from it (src/lib/consultation-facts.ts).',
      unknownPart: "{{from}} has no arrows yet: add it to the feature-boundaries options in eslint.config.js.",
    },
  },
  create(context) {
    const { allow, testOnly = [], flowFiles = [] } = context.options[0]
    const file = context.physicalFilename
    const from = partOf(file, context.cwd)
    if (from === null || from === 'flows') return {}
    const isTest = /\.test\.tsx?$/.test(file)

    function check(node, specifier) {
      if (typeof specifier !== 'string') return
      const target = importTarget(file, specifier, context.cwd)
      if (target === undefined) return
      const to = partOf(target, context.cwd)
      if (to === null || to === from) return
      if (to === 'flows') {
        if (!flowFiles.includes(from)) context.report({ node, messageId: 'flowFile', data: { from } })
        return
      }
      if (testOnly.includes(to)) {
        if (!isTest && !testOnly.includes(from)) context.report({ node, messageId: 'testOnly', data: { to } })
        return
      }
      const allowed = allow[from]
      if (!allowed) context.report({ node, messageId: 'unknownPart', data: { from } })
      else if (!allows(allowed, to)) context.report({ node, messageId: 'forbidden', data: { from, to, allowed: allowed.join(', ') || 'nothing else' } })
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value)
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value),
    }
  },
}
