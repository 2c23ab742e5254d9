import type { z } from 'zod'
import { closestName } from './did-you-mean.ts'
import type { FlowProblem } from './flow-problem.ts'
import { readYaml } from './read-yaml.ts'
import type { FlowPath, YamlLocator } from './yaml-locator.ts'

export type SchemaRead<T> = { ok: true; value: T; locator: YamlLocator } | { ok: false; problems: FlowProblem[] }

export interface SchemaMessages {
  /** What the file must be, said when it is no YAML mapping at all. */
  notAMapping: string
  /** What to say of a missing key, by its name, instead of "missing 'key'". */
  missing?: Readonly<Record<string, string>>
}

type Issue = z.core.$ZodIssue

/** For a union, the branch the author most likely meant: the one whose complaints go deepest. */
function bestBranch(issue: Issue & { code: 'invalid_union' }): Issue[] | undefined {
  const depth = (issues: Issue[]) => Math.max(...issues.map((i) => i.path.length))
  return issue.errors.filter((branch) => branch.length > 0).sort((a, b) => depth(b) - depth(a))[0]
}

function flatten(issue: Issue, prefix: FlowPath = []): { issue: Issue; path: FlowPath }[] {
  const path = [...prefix, ...issue.path]
  if (issue.code === 'invalid_union') {
    const branch = bestBranch(issue)
    if (branch && branch.some((i) => i.path.length > 0)) return branch.flatMap((i) => flatten(i, path))
  }
  return [{ issue, path }]
}

function valueAt(root: unknown, path: FlowPath): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), root)
}

/** The issue's message, with the allowed value a mistyped one most likely meant. */
function messageOf(issue: Issue, typed: unknown): string {
  const allowed = issue.code === 'invalid_union' && 'options' in issue ? issue.options : issue.code === 'invalid_value' ? issue.values : undefined
  if (typeof typed !== 'string' || !allowed) return issue.message
  const meant = closestName(typed, allowed.filter((value: unknown) => typeof value === 'string'))
  return meant === undefined ? issue.message : `${issue.message}; did you mean '${meant}'?`
}

function describe(issue: Issue, path: FlowPath, locator: YamlLocator, file: string, input: unknown, messages: SchemaMessages): FlowProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ file, ...locator.keyAt(path, key), message: `unknown key '${key}'` }))
  }
  if (!locator.has(path) && path.length > 0) {
    const key = String(path[path.length - 1])
    return [{ file, ...locator.at(path.slice(0, -1)), message: messages.missing?.[key] ?? `missing '${key}'` }]
  }
  if (path.length === 0 && issue.code === 'invalid_type') {
    return [{ file, ...locator.at(path), message: messages.notAMapping }]
  }
  return [{ file, ...locator.at(path), message: messageOf(issue, valueAt(input, path)) }]
}

/**
 * Parses an editor's YAML file and validates it against a zod schema: the valid value with the
 * positions of its parts, or every problem as `file:line:col message`.
 */
export function readYamlWithSchema<T>(source: string, file: string, schema: z.ZodType<T>, messages: SchemaMessages): SchemaRead<T> {
  const read = readYaml(source, file)
  if (!read.ok) return read
  const { doc, locator } = read
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: 50 })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, problems: [{ file, line: 1, col: 1, message: `YAML: ${message}` }] }
  }
  const result = schema.safeParse(value)
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.flatMap((issue) =>
        flatten(issue).flatMap(({ issue: leaf, path }) => describe(leaf, path, locator, file, value, messages)),
      ),
    }
  }
  return { ok: true, value: result.data, locator }
}
