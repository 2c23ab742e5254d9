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
})

export type Appointment = z.infer<typeof appointmentSchema>
