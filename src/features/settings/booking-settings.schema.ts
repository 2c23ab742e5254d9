import * as z from 'zod/mini'

/** One bookable time of a day: IST wall clock 'HH:MM' and how many bookings it takes. */
export const bookingSlotSchema = z.object({ time: z.string(), capacity: z.number() })

/** The settings every scheduler and the database's booking rule use, as booking_settings() answers them. */
export const bookingSettingsSchema = z.object({
  default_capacity: z.number(),
  horizon_days: z.number(),
  min_notice_minutes: z.number(),
  change_cutoff_hours: z.number(),
  /** ISO weekdays 1 (Monday) to 7 (Sunday). */
  weekly_hours: z.array(z.object({ weekday: z.number(), open: z.boolean(), slots: z.array(bookingSlotSchema) })),
  /** Inclusive IST date ranges, ending today or later. */
  closures: z.array(z.object({ id: z.string(), starts_on: z.string(), ends_on: z.string(), reason: z.string() })),
  /** Dates with slots of their own (none: closed that day), today or later. */
  date_overrides: z.array(z.object({ on_date: z.string(), slots: z.array(bookingSlotSchema), reason: z.string() })),
})

export type BookingSlot = z.infer<typeof bookingSlotSchema>
export type BookingSettings = z.infer<typeof bookingSettingsSchema>
export type WeekdayHours = BookingSettings['weekly_hours'][number]
export type Closure = BookingSettings['closures'][number]
export type DateOverride = BookingSettings['date_overrides'][number]

/** The settings set_booking_settings changes; any subset of them. */
export type BookingNumbers = Pick<BookingSettings, 'default_capacity' | 'horizon_days' | 'min_notice_minutes' | 'change_cutoff_hours'>

/** An active future booking the current settings no longer offer, for an admin to move. */
export const bookingNeedingAttentionSchema = z.object({
  appointment_id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  slot: z.string(),
  status: z.string(),
  reason: z.string(),
})

export type BookingNeedingAttention = z.infer<typeof bookingNeedingAttentionSchema>
