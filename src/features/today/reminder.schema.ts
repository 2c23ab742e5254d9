import * as z from 'zod/mini'

/** An active appointment in the next 24 hours not yet reminded, as reminders_due() answers it. */
export const reminderDueSchema = z.object({
  appointment_id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  lead_phone: z.string(),
  /** The chat's language of the lead (null: the flow file's). */
  language: z.nullable(z.string()),
  slot: z.string(),
  status: z.string(),
})

export type ReminderDue = z.infer<typeof reminderDueSchema>
