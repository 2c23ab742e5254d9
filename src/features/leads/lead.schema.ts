import * as z from 'zod/mini'
import { leadFields, leadStatuses, type Lead, type LeadFieldName } from '../../lib/lead-fields'

export const leadStatusSchema = z.enum(leadStatuses)

const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value ?? ''),
)

const fieldSchema = (optional: boolean): z.ZodMiniType<string> => (optional ? optionalText : z.string())

const fieldSchemas = Object.fromEntries(leadFields.map((field) => [field.name, fieldSchema(field.optional)])) as Record<
  LeadFieldName,
  z.ZodMiniType<string>
>

/** A fetched lead row: every declared field (absent optional ones become empty), its status and timestamps. */
export const leadSchema: z.ZodMiniType<Lead, unknown> = z.object({
  id: z.string(),
  ...fieldSchemas,
  status: leadStatusSchema,
  created_at: z.string(),
  updated_at: z.nullish(z.string()),
})
