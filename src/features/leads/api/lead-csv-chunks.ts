import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import type { CsvLead } from '@/lib/lead-fields'
import { csvLeadColumns, csvLeadSchema } from '../lead.schema'
import type { LeadFilters } from '../lead-query'
import { leadReadError, leadsMatching } from './lead-reads'

/** Where a CSV export goes on: the creation time of the last lead written, that lead, and every lead written with that time. */
export interface LeadCursor {
  created_at: string
  lastId: string
  written: string[]
}

export interface CsvChunk {
  leads: CsvLead[]
  /** null once every matching lead is written. */
  next: LeadCursor | null
}

function cursorAfter(leads: CsvLead[], after: LeadCursor | null): LeadCursor | null {
  const last = leads.at(-1)
  if (!last) return after
  const sameTime = leads.filter((lead) => lead.created_at === last.created_at).map((lead) => lead.id)
  const earlier = after?.created_at === last.created_at ? after.written : []
  return { created_at: last.created_at, lastId: last.id, written: [...earlier, ...sameTime] }
}

/**
 * Up to `size` leads matching the filters, newest first (created_at, then id, descending), after
 * `after`; paged by keyset, so every chunk costs the same however far the export has come. One
 * request asks for the leads created at or before the last one written and drops those already
 * written (by id, so a lead changed meanwhile is neither lost nor written twice). Only a run of more
 * than `size` leads created at the same instant takes more: the rest of the run (id below the last
 * written), then the leads created before it. (AND-only filters: the local backend speaks no `or=`.)
 */
export async function fetchCsvChunk(
  client: SupabaseClient,
  filters: LeadFilters,
  after: LeadCursor | null,
  size: number,
  signal: AbortSignal,
): Promise<CsvChunk> {
  const read = async (narrow: (request: ReturnType<typeof leadsMatching>) => ReturnType<typeof leadsMatching>) => {
    const request = narrow(leadsMatching(client, filters, csvLeadColumns.join(',')))
    const { data, error, status } = await request
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(size)
      .abortSignal(signal)
    if (error) throw leadReadError(error, status)
    return z.array(csvLeadSchema).parse(data)
  }
  const chunk = (leads: CsvLead[], ended: boolean): CsvChunk => ({ leads, next: ended ? null : cursorAfter(leads, after) })

  if (after === null) {
    const first = await read((request) => request)
    return chunk(first, first.length < size)
  }
  const page = await read((request) => request.lte('created_at', after.created_at))
  const written = new Set(after.written)
  const fresh = page.filter((lead) => !written.has(lead.id))
  if (fresh.length > 0 || page.length < size) return chunk(fresh, page.length < size)
  const restOfRun = await read((request) => request.eq('created_at', after.created_at).lt('id', after.lastId))
  if (restOfRun.length > 0) return chunk(restOfRun, false)
  const older = await read((request) => request.lt('created_at', after.created_at))
  return chunk(older, older.length < size)
}
