import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { ApiError, errorCodes, toApiError } from '../../../lib/api-error'
import type { Lead, LeadStatus } from '../../../lib/lead-fields'
import { leadSchema } from '../lead.schema'

const referenceImagesBucket = 'reference-images'

const adminAccessRequired = 'Admin access required. Please contact administrator to assign admin role.'

/** Hosted PostgREST answers at most `max_rows` (1000 by default) rows a request, so leads come in pages. */
const defaultPageSize = 1000

export function createLeadsApi(client: SupabaseClient, { pageSize = defaultPageSize } = {}) {
  /** All leads, newest first. */
  async function fetchLeads(): Promise<Lead[]> {
    const leads: Lead[] = []
    for (let from = 0; ; from += pageSize) {
      const { data, error } = await client
        .from('leads')
        .select('*')
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, from + pageSize - 1)
      if (error?.code === errorCodes.insufficientPrivilege) throw new ApiError(errorCodes.adminAccessRequired, adminAccessRequired)
      if (error) throw toApiError(error, 'Failed to fetch leads. Admin access required.')
      const page = z.array(leadSchema).parse(data)
      leads.push(...page)
      if (page.length < pageSize) return leads
    }
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
