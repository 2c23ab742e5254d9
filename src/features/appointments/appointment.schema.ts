import * as z from 'zod/mini'

export const appointmentStatuses = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no-show'] as const
export const appointmentStatusSchema = z.enum(appointmentStatuses)
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>

export const appointmentSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  slot_datetime: z.string(),
  status: appointmentStatusSchema,
  updated_at: z.nullish(z.string()),
  reminded_at: z.nullish(z.string()),
  reminded_by: z.nullish(z.string()),
})

export type Appointment = z.infer<typeof appointmentSchema>

const leadText = z.nullish(z.string())

/** An appointment with the fields of its lead that the tab and calendar show (view appointment_rows); they are null when the lead is gone. */
export const appointmentRowSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  slot_datetime: z.string(),
  status: appointmentStatusSchema,
  updated_at: z.nullish(z.string()),
  lead_name: leadText,
  lead_phone: leadText,
  lead_email: leadText,
  lead_city: leadText,
  lead_occasion: leadText,
  lead_product_type: leadText,
  lead_budget_range: leadText,
  /** When a member sent the WhatsApp reminder, and who (null: not reminded). */
  reminded_at: z.nullish(z.string()),
  reminded_by: z.nullish(z.string()),
})

export type AppointmentRow = z.infer<typeof appointmentRowSchema>
