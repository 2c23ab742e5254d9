import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { toApiError } from '../../../lib/api-error'
import { leadSchema, type Lead, type LeadStatus } from '../lead.schema'

const referenceImagesBucket = 'reference-images'

export function createLeadsApi(client: SupabaseClient) {
  /** All leads, newest first. */
  async function fetchLeads(): Promise<Lead[]> {
    const { data, error } = await client.from('leads').select('*').order('created_at', { ascending: false })
    if (error) throw toApiError(error, 'Failed to fetch leads. Admin access required.')
    return z.array(leadSchema).parse(data)
  }

  /** Sets the status and refreshes updated_at; answers the stored row. */
  async function updateLeadStatus(leadId: string, status: LeadStatus): Promise<Lead> {
    const { data, error } = await client
      .from('leads')
      .update({ status, updated_at: new Date().toISOString() })
      .eq('id', leadId)
      .select('*')
      .single()
    if (error) throw toApiError(error, 'Failed to update lead status')
    return leadSchema.parse(data)
  }

  function referenceImageUrl(path: string): string {
    return client.storage.from(referenceImagesBucket).getPublicUrl(path).data.publicUrl
  }

  return { fetchLeads, updateLeadStatus, referenceImageUrl }
}

export type LeadsApi = ReturnType<typeof createLeadsApi>
