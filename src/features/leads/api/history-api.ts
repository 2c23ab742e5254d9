import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { leadStatusSchema } from '../lead.schema'
import { leadEventSchema, type LeadEvent } from '../history/lead-event.schema'

/** Events of a lead's history read at a time. */
export const historyPageSize = 50

const earlierLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  status: leadStatusSchema,
  product_type: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? ''),
  ),
})

/** An earlier lead with the same phone, as the details dialog links to it. */
export type EarlierLead = z.infer<typeof earlierLeadSchema>

export function createHistoryApi(client: SupabaseClient) {
  /** A page of the lead's history, newest first: the first page, or the events before `beforeId`. */
  async function fetchHistory(leadId: string, beforeId: number | null, signal: AbortSignal): Promise<LeadEvent[]> {
    const { data, error } = await client
      .rpc('lead_history', { lead_id: leadId, before_id: beforeId, page_size: historyPageSize })
      .abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the history')
    return z.array(leadEventSchema).parse(data)
  }

  /** The earlier leads with the lead's phone that the member may read, newest first. */
  async function fetchEarlierLeads(leadId: string, signal: AbortSignal): Promise<EarlierLead[]> {
    const { data, error } = await client.rpc('earlier_leads', { lead_id: leadId }).abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the earlier leads')
    return z.array(earlierLeadSchema).parse(data)
  }

  return { fetchHistory, fetchEarlierLeads }
}

export type HistoryApi = ReturnType<typeof createHistoryApi>
