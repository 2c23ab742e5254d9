import type { SupabaseClient } from '@supabase/supabase-js'
import { adminAccessRequiredMessage, ApiError, errorCodes, toApiError } from '@/lib/api-error'
import { filterCondition, type LeadCounter } from '../lead-filters'
import { appliedFilters, type LeadFilters, type LeadSort, type LeadSortColumn } from '../lead-query'

interface CountOptions {
  /** Ask for the exact number of matching rows. */
  count?: 'exact'
  /** Only the count, no rows. */
  head?: boolean
}

/**
 * The leads matching the filters, as one PostgREST request still to be ordered and paged. A search
 * term goes through search_leads (literal, case-insensitive substring of name, phone, email or
 * city, matched over a trigram index); without one the table is read directly, which the
 * database plans better. Each applied filter (lead-filters.ts) asks for its column to equal its value
 * (or to be empty: the unassigned leads).
 */
export function leadsMatching(client: SupabaseClient, filters: LeadFilters, columns: string, options: CountOptions = {}) {
  const term = filters.search.trim()
  const source =
    term === ''
      ? client.from('leads').select(columns, options)
      : client.rpc('search_leads', { term }, options).select(columns)
  return appliedFilters(filters).reduce((query, filter) => {
    const { column, equals } = filterCondition(filter, filters[filter.key])
    return equals === null ? query.is(column, null) : query.eq(column, equals)
  }, source)
}

/**
 * The counter of dashboard_stats() that holds how many leads match the filters, or null when only
 * counting the rows can say. A search always needs the count; without one, no filter is the total,
 * and one filter alone the counter its declaration (lead-filters.ts) names for its value, if any.
 */
export function leadCounterFor(filters: LeadFilters): LeadCounter | null {
  if (filters.search.trim() !== '') return null
  const applied = appliedFilters(filters)
  if (applied.length === 0) return 'total_leads'
  const [only] = applied
  if (applied.length > 1 || !only) return null
  const counters: Readonly<Record<string, LeadCounter>> | null = only.counters
  return counters?.[filters[only.key]] ?? null
}

/** The columns each sortable column of the table orders by. */
const orderColumns: Record<LeadSortColumn, string[]> = {
  customer: ['name'],
  requirements: ['product_type', 'occasion'],
  budget: ['budget_range'],
  status: ['status'],
  created: ['created_at'],
}

export interface OrderTerm {
  column: string
  ascending: boolean
}

/**
 * The order a sort asks for, as the indexes of 20261122001000_lead_search.sql serve it: by creation
 * time, id breaks ties in the same direction; by any other column, ties go newest first.
 */
export function leadOrder(sort: LeadSort | null): OrderTerm[] {
  const newestFirst = [
    { column: 'created_at', ascending: false },
    { column: 'id', ascending: false },
  ]
  if (sort === null) return newestFirst
  const ascending = !sort.descending
  const sorted = orderColumns[sort.column].map((column) => ({ column, ascending }))
  return sort.column === 'created' ? [...sorted, { column: 'id', ascending }] : [...sorted, ...newestFirst]
}

interface BackendError {
  code?: string | null
  message?: string | null
}

/** A refused read is the admin role missing; a count-only (HEAD) answer has no body, so only its status says so. */
export function leadReadError(error: BackendError, status: number): ApiError {
  const refused = error.code === errorCodes.insufficientPrivilege || (!error.code && (status === 401 || status === 403))
  if (refused) return new ApiError(errorCodes.adminAccessRequired, adminAccessRequiredMessage)
  return toApiError(error, 'Failed to fetch leads. Admin access required.')
}
