import * as z from 'zod/mini'

/**
 * One event of a lead's history, as public.lead_events holds it. Later features add kinds, so the
 * kind is any text and its data any object; history-text.ts words the kinds it knows.
 */
export const leadEventSchema = z.object({
  id: z.number(),
  lead_id: z.string(),
  at: z.string(),
  actor_id: z.nullable(z.string()),
  actor_name: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
})

export type LeadEvent = z.infer<typeof leadEventSchema>
