import * as z from 'zod/mini'
import { leadChatFields, leadFields, leadStatuses, type CsvLead, type Lead, type LeadChatFieldName, type LeadFieldName } from '@/lib/lead-fields'

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

const chatFieldSchemas = Object.fromEntries(leadChatFields.map((field) => [field.name, z.string()])) as Record<
  LeadChatFieldName,
  z.ZodMiniString
>

const leadRow = z.object({
  id: z.string(),
  ...fieldSchemas,
  ...chatFieldSchemas,
  owner_id: z.nullable(z.string()),
  returning: z.boolean(),
  notice_version: z.nullish(z.string()),
  notice_language: z.nullish(z.string()),
  notice_seen_at: z.nullish(z.string()),
  whatsapp_marketing: z.optional(z.boolean()),
  whatsapp_marketing_at: z.nullish(z.string()),
  consent_withdrawn_at: z.nullish(z.string()),
  status: leadStatusSchema,
  created_at: z.string(),
  updated_at: z.nullish(z.string()),
})

/** A fetched lead row: every declared field (absent optional ones become empty), what the chat recorded, its status and timestamps. */
export const leadSchema: z.ZodMiniType<Lead, unknown> = leadRow

const csvFieldNames = leadFields.flatMap((field) => (field.csvHeader === null ? [] : [field.name]))

/** The columns a CSV export selects. */
export const csvLeadColumns = [...csvFieldNames, 'status', 'created_at', 'owner_id', 'id'] as const

/** A lead row as a CSV export reads it. */
export const csvLeadSchema: z.ZodMiniType<CsvLead, unknown> = z.pick(
  leadRow,
  Object.fromEntries(csvLeadColumns.map((column) => [column, true])) as Record<(typeof csvLeadColumns)[number], true>,
)
