import { flowSchema, type Flow } from '../src/features/intake/flow/flow.schema.ts'
import type { FlowProblem } from './flow-problem.ts'
import type { YamlLocator } from './yaml-locator.ts'
import { readYamlWithSchema } from './yaml-schema.ts'

export type ParseResult =
  | { ok: true; flow: Flow; locator: YamlLocator }
  | { ok: false; problems: FlowProblem[] }

const messages = {
  notAMapping: 'a flow file must be a YAML mapping with version, timing, start and steps',
  missing: { label: 'option without label' },
}

/** Parses flow YAML and validates it against the schema; every problem carries its position. */
export function parseFlow(source: string, file: string): ParseResult {
  const read = readYamlWithSchema(source, file, flowSchema, messages)
  return read.ok ? { ok: true, flow: read.value, locator: read.locator } : read
}
