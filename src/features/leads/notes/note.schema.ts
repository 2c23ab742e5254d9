import * as z from 'zod/mini'

/** A note on a lead, as public.lead_notes holds it. */
export const noteSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})

export type LeadNote = z.infer<typeof noteSchema>

/** The longest note the database keeps, in characters after trimming. */
export const noteMaxLength = 2000

/** How long after its writing a note may be edited or deleted, by its author only. */
export const noteEditableMs = 15 * 60 * 1000
