import { z } from 'zod'
import { brandSchema } from '../../src/lib/brand.schema.ts'

/** The JSON Schema editors get autocompletion from, generated from the zod schema (committed next to the brand file). */
export function brandJsonSchemaText(): string {
  const schema = z.toJSONSchema(brandSchema, { io: 'input' })
  return `${JSON.stringify({ ...schema, title: 'Brand file (brand/brand.yaml)' }, null, 2)}\n`
}
