import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import type { CsvLead } from '@/lib/lead-fields'
import { csvLeadColumns, csvLeadSchema } from '../lead.schema'
import { filterCondition } from '../lead-filters'
import { appliedFilters, type LeadFilters } from '../lead-query'
import { leadReadError } from './lead-reads'

/** Where a CSV export goes on: its id (the database records which leads each export included) and the last lead written. */
export interface LeadCursor {
  exportId: string
  created_at: string
  lastId: string
}

export interface CsvChunk {
  leads: CsvLead[]
  /** null once every matching lead is written. */
  next: LeadCursor | null
}

/** The export's filters as export_leads_chunk takes them: each applied filter's column and the value it equals (null: empty), and the search. */
export function exportFilters(filters: LeadFilters): Record<string, string | null> {
  const term = filters.search.trim()
  const columns = appliedFilters(filters).map((filter) => {
    const { column, equals } = filterCondition(filter, filters[filter.key])
    return [column, equals] as const
  })
  return { ...Object.fromEntries(columns), ...(term === '' ? {} : { term }) }
}

/**
 * Up to `size` leads matching the filters, newest first (created_at, then id, descending), after
 * `after`, read through export_leads_chunk (admins only), which pages by keyset, so every chunk
 * costs the same however far the export has come, and records in each lead's history that this
 * export included it. A lead changed meanwhile is neither lost nor written twice: the page after
 * the last lead written is by its creation time and id alone.
 */
export async function fetchCsvChunk(
  client: SupabaseClient,
  filters: LeadFilters,
  after: LeadCursor | null,
  size: number,
  signal: AbortSignal,
): Promise<CsvChunk> {
  const exportId = after?.exportId ?? crypto.randomUUID()
  const { data, error, status } = await client
    .rpc('export_leads_chunk', {
      export_id: exportId,
      filters: exportFilters(filters),
      after_created_at: after?.created_at ?? null,
      after_id: after?.lastId ?? null,
      page_size: size,
    })
    .select(csvLeadColumns.join(','))
    .abortSignal(signal)
  if (error) throw leadReadError(error, status)
  const leads = z.array(csvLeadSchema).parse(data)
  const last = leads.at(-1)
  return { leads, next: leads.length < size || !last ? null : { exportId, created_at: last.created_at, lastId: last.id } }
}
