import * as z from 'zod/mini'

/** What an erasure removed, as the database counts it (the tombstone keeps the same numbers). */
export const erasureCountKeys = ['leads', 'appointments', 'notes', 'follow_ups', 'quotes', 'orders', 'chat_sessions', 'files'] as const
export type ErasureCountKey = (typeof erasureCountKeys)[number]
export type ErasureCounts = Record<ErasureCountKey, number>

const countShape = Object.fromEntries(erasureCountKeys.map((key) => [key, z.number()])) as Record<ErasureCountKey, z.ZodMiniNumber>

/** erase_person's and data_request_erase's answer: the counts and the stored files to remove through Storage. */
export const erasureResultSchema = z.object({
  erasure_id: z.string(),
  ...countShape,
  paths: z.array(z.object({ bucket_id: z.string(), name: z.string() })),
})

/** A row of public.erasures: no phone, no name, no lead id. */
export const erasureSchema = z.object({
  id: z.string(),
  erased_at: z.string(),
  erased_by: z.nullable(z.string()),
  reason: z.enum(['request', 'retention', 'admin']),
  ...countShape,
})
export type Erasure = z.infer<typeof erasureSchema>

export const requestKinds = ['access_code', 'erasure', 'withdrawal'] as const
export type RequestKind = (typeof requestKinds)[number]

export const requestColumns = 'id, kind, phone, comment, created_at, deadline, status, reason, handled_by, handled_at'
export const dataRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(requestKinds),
  /** Null once the person was erased. */
  phone: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  created_at: z.string(),
  deadline: z.string(),
  status: z.enum(['open', 'done', 'rejected']),
  reason: z.nullable(z.string()),
  handled_by: z.nullable(z.string()),
  handled_at: z.nullable(z.string()),
})
export type DataRequest = z.infer<typeof dataRequestSchema>

/** data_request_send_code's answer: the code, shown this once. */
export const sentCodeSchema = z.object({ code: z.string(), phone: z.string(), expires_at: z.string() })
export type SentCode = z.infer<typeof sentCodeSchema>

export const auditEventColumns = 'id, at, kind, actor, address, detail'
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  actor: z.nullable(z.string()),
  address: z.nullable(z.string()),
  detail: z.unknown(),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

/** How long data is kept, in days, declared once: the settings form, its bounds and the api read this. */
export const retentionFields = [
  { key: 'unconverted_lead_days', label: 'Unconverted leads (days)', min: 30, max: 3650 },
  { key: 'closed_lead_days', label: 'Closed leads (days)', min: 365, max: 3650 },
  { key: 'unfinished_chat_days', label: 'Unfinished chats (days)', min: 1, max: 365 },
  { key: 'audit_days', label: 'Audit log (days)', min: 365, max: 3650 },
] as const
export type RetentionKey = (typeof retentionFields)[number]['key']
export type RetentionSettings = Record<RetentionKey, number>

export const retentionSettingsSchema = z.object(
  Object.fromEntries(retentionFields.map((field) => [field.key, z.number()])) as Record<RetentionKey, z.ZodMiniNumber>,
)
