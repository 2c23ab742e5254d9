import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'

export function createAppointmentBookingApi(client: SupabaseClient) {
  /** Books a consultation slot for the visitor's lead with the hash of the visitor's manage token; a full slot fails with slot_full, one the settings do not offer with slot_not_offered. */
  async function bookAppointment(leadId: string, slot: Date, manageTokenHash: string): Promise<void> {
    const { error } = await client
      .from('appointments')
      .insert({ lead_id: leadId, slot_datetime: slot.toISOString(), status: 'scheduled', manage_token_hash: manageTokenHash })
    if (error) throw toApiError(error, 'The appointment could not be booked')
  }

  return { bookAppointment }
}
