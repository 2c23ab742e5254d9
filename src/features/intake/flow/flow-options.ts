import type { FlowOption } from './flow.schema.ts'

/**
 * An option as its parts, whether the file wrote it as a bare label or as a mapping. Apart from the
 * schema, so the chat's compiled machine can use it without bundling zod's flow schema.
 */
export function optionParts(option: FlowOption): Exclude<FlowOption, string> {
  return typeof option === 'string' ? { label: option } : option
}
