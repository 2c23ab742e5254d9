import { z } from 'zod'
import { flowSchema } from '../src/features/intake/flow/flow.schema'

/** The JSON Schema editors get autocompletion from, generated from the zod schema (committed next to the flow). */
export function flowJsonSchemaText(): string {
  const schema = z.toJSONSchema(flowSchema, { io: 'input' })
  return `${JSON.stringify({ ...schema, title: 'Intake flow file (flows/*.flow.yaml)' }, null, 2)}\n`
}
