import * as z from 'zod/mini'

export const todayKinds = ['follow_up', 'appointment', 'new_lead'] as const
export type TodayKind = (typeof todayKinds)[number]

/**
 * One row of today_queue(): an open follow-up due by tonight (IST), one of today's appointments, or a
 * new unassigned lead; each with its lead's id, name and phone for the WhatsApp and call actions.
 */
export const todayItemSchema = z.object({
  kind: z.enum(todayKinds),
  item_id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  lead_phone: z.string(),
  /** The due time, the slot, or when the lead came in. */
  at: z.string(),
  overdue: z.boolean(),
  text: z.nullable(z.string()),
  assignee_id: z.nullable(z.string()),
  assignee_name: z.nullable(z.string()),
  status: z.nullable(z.string()),
})

export type TodayItem = z.infer<typeof todayItemSchema>
