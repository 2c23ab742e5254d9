import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { ApiError, errorCodes, toApiError } from '@/lib/api-error'
import { isReferenceImagePath, referenceImageBucket } from '@/lib/reference-image-path'
import type { Lead } from '@/lib/lead-fields'
import { leadChangeFailure, type LeadChange, type LeadUpdate } from '../lead-change'
import { leadSchema } from '../lead.schema'
import { leadCounters, type LeadCounter } from '../lead-filters'
import type { LeadFilters, LeadQuery } from '../lead-query'
import { fetchCsvChunk, type CsvChunk, type LeadCursor } from './lead-csv-chunks'
import { leadCounterFor, leadOrder, leadReadError, leadsMatching } from './lead-reads'

/** Seconds a reference image's signed URL lives: time to look at it, and little use to anyone it reaches later. */
export const referenceImageUrlLifetime = 10 * 60

/** Rows of one page, inclusive, in the query's order. */
export interface RowSpan {
  from: number
  to: number
}

const leadCountsSchema = z.object(Object.fromEntries(leadCounters.map((counter) => [counter, z.number()])) as Record<LeadCounter, z.ZodMiniNumber>)

export function createLeadsApi(client: SupabaseClient) {
  /** One page of the leads matching the query, in its order. */
  async function fetchLeadsPage(query: LeadQuery, span: RowSpan, signal: AbortSignal): Promise<Lead[]> {
    let request = leadsMatching(client, query, '*')
    for (const term of leadOrder(query.sort)) request = request.order(term.column, { ascending: term.ascending })
    const { data, error, status } = await request.range(span.from, span.to).abortSignal(signal)
    if (error) throw leadReadError(error, status)
    return z.array(leadSchema).parse(data)
  }

  /**
   * How many leads match the filters: a count-only request, apart from the rows, so they can show
   * first. Where a counter dashboard_stats keeps holds the number (leadCounterFor), it answers at
   * once what counting the rows would take a while for.
   */
  async function countLeads(filters: LeadFilters, signal: AbortSignal): Promise<number> {
    const counter = leadCounterFor(filters)
    if (counter !== null) {
      const { data, error, status } = await client.rpc('dashboard_stats').abortSignal(signal)
      if (error) throw leadReadError(error, status)
      return leadCountsSchema.parse(data)[counter]
    }
    const { count, error, status } = await leadsMatching(client, filters, 'id', { count: 'exact', head: true }).abortSignal(signal)
    if (error) throw leadReadError(error, status)
    return count ?? 0
  }

  function fetchLeadsCsvChunk(filters: LeadFilters, after: LeadCursor | null, size: number, signal: AbortSignal): Promise<CsvChunk> {
    return fetchCsvChunk(client, filters, after, size, signal)
  }

  /** One lead, or null when the caller may not read it (or it does not exist). */
  async function fetchLead(leadId: string): Promise<Lead | null> {
    const { data, error, status } = await client.from('leads').select('*').eq('id', leadId).maybeSingle()
    if (error) throw leadReadError(error, status)
    return data === null ? null : leadSchema.parse(data)
  }

  /**
   * Sets the status or the owner, unless someone changed the lead since `seen` (its updated_at as
   * last read): then nothing is written and the answer is the lead as it is now. The database
   * refreshes updated_at and records the change in the lead's history.
   */
  async function updateLead(leadId: string, change: LeadChange, seen: string | null | undefined): Promise<LeadUpdate> {
    let request = client.from('leads').update(change).eq('id', leadId)
    request = seen ? request.eq('updated_at', seen) : request
    const { data, error } = await request.select('*')
    if (error) throw toApiError(error, leadChangeFailure(change))
    const [stored] = z.array(leadSchema).parse(data)
    if (stored) return { outcome: 'saved', lead: stored }
    const fresh = await fetchLead(leadId)
    if (!fresh) throw new ApiError(errorCodes.leadUnavailable, 'This lead is no longer among your leads')
    return { outcome: 'changedMeanwhile', lead: fresh }
  }

  /** Records in the lead's history that the member opened a WhatsApp chat with it. */
  async function recordWhatsAppOpened(leadId: string): Promise<void> {
    const { error } = await client.rpc('record_whatsapp_opened', { lead_id: leadId })
    if (error) throw toApiError(error, 'Failed to record the WhatsApp chat')
  }

  /**
   * A short-lived signed URL of a lead's reference image; Storage gives one only to a reader the
   * bucket's policies admit. A value that is not a name of the bucket never becomes a URL.
   */
  async function signReferenceImage(path: string): Promise<string> {
    if (!isReferenceImagePath(path)) throw new ApiError(errorCodes.notAReferenceImage, 'The lead names no reference image of the bucket')
    const { data, error } = await client.storage.from(referenceImageBucket).createSignedUrl(path, referenceImageUrlLifetime)
    if (error) {
      const missing = 'statusCode' in error && error.statusCode === '404'
      throw new ApiError(missing ? errorCodes.referenceImageMissing : 'storage', error.message || 'Signing the reference image failed')
    }
    return data.signedUrl
  }

  return { fetchLeadsPage, countLeads, fetchLeadsCsvChunk, fetchLead, updateLead, recordWhatsAppOpened, signReferenceImage }
}

export type LeadsApi = ReturnType<typeof createLeadsApi>
