import type { SupabaseClient } from '@supabase/supabase-js'
import { toApiError } from '@/lib/api-error'
import type { LeadPayload } from '../lead/lead-payload'

export function createLeadApi(client: SupabaseClient) {
  /** Inserts the visitor's lead as an array of one record, without reading it back (visitors cannot read leads). */
  async function saveLead(lead: LeadPayload): Promise<void> {
    const { error } = await client.from('leads').insert([lead])
    if (error) throw toApiError(error, 'The lead could not be saved')
  }

  return { saveLead }
}
