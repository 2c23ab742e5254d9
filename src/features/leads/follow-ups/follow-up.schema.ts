import * as z from 'zod/mini'

/** A follow-up on a lead, as public.follow_ups holds it. */
export const followUpSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  assignee_id: z.string(),
  created_by: z.nullable(z.string()),
  due_at: z.string(),
  text: z.string(),
  done_at: z.nullable(z.string()),
  done_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})

export type FollowUp = z.infer<typeof followUpSchema>

/** The longest follow-up text the database keeps, in characters after trimming. */
export const followUpMaxLength = 200
