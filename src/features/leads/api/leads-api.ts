import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { ApiError, errorCodes, toApiError } from '@/lib/api-error'
import { isReferenceImagePath, referenceImageBucket } from '@/lib/reference-image-path'
import type { Lead, LeadStatus } from '@/lib/lead-fields'
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

  return { fetchLeadsPage, countLeads, fetchLeadsCsvChunk, updateLeadStatus, signReferenceImage }
}

export type LeadsApi = ReturnType<typeof createLeadsApi>
