import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

/** What the manage page learns of a booking from its token, and nothing else. */
const managedBookingSchema = z.object({
  slot: z.string(),
  status: z.string(),
  language: z.nullable(z.string()),
  can_change: z.boolean(),
  change_cutoff_hours: z.number(),
  first_name: z.string(),
})

export type ManagedBooking = z.infer<typeof managedBookingSchema>

/**
 * The visitor's own booking, keyed by the secret token of their link (the database hashes it). Any bad,
 * unknown or expired token fails with link_not_valid; a change within the cut-off with
 * too_late_to_change; a second cancel with already_cancelled.
 */
export function createManageBookingApi(client: SupabaseClient) {
  async function call(fn: string, args: Record<string, string>, failure: string): Promise<ManagedBooking> {
    const { data, error } = await client.rpc(fn, args)
    if (error) throw toApiError(error, failure)
    return managedBookingSchema.parse(data)
  }

  const fetchManagedBooking = (token: string) => call('manage_booking_get', { token }, 'Failed to load the booking')

  /** Moves the booking to another slot under a visitor's rules (offered, not full, horizon, notice). */
  const rescheduleManagedBooking = (token: string, slotIso: string) =>
    call('manage_booking_reschedule', { token, slot: slotIso }, 'Failed to change the booking')

  const cancelManagedBooking = (token: string) => call('manage_booking_cancel', { token }, 'Failed to cancel the booking')

  return { fetchManagedBooking, rescheduleManagedBooking, cancelManagedBooking }
}

export type ManageBookingApi = ReturnType<typeof createManageBookingApi>
