import type { LeadStatus } from '@/lib/lead-fields'
import { allOption } from '@/lib/all-option'

/** The leads table's sortable columns. */
export const leadSortColumns = ['customer', 'requirements', 'budget', 'status', 'created'] as const
export type LeadSortColumn = (typeof leadSortColumns)[number]

export type LeadSort = { column: LeadSortColumn; descending: boolean }

/** What the leads tab asks the database for: the search box, the filters and the sorted column. */
export type LeadQuery = {
  search: string
  status: LeadStatus | typeof allOption
  occasion: string
  /** Kept in state as the spec has it, without a visible control. */
  budget: string
  /** null: newest first, the table's order before a header is clicked. */
  sort: LeadSort | null
}

/** The filters of a query, without its order: what a CSV export applies. */
export type LeadFilters = Omit<LeadQuery, 'sort'>

export const noLeadFilters: LeadFilters = { search: '', status: allOption, occasion: allOption, budget: allOption }

/** Every lead, newest first: the tab as it opens. */
export const allLeads: LeadQuery = { ...noLeadFilters, sort: null }

export function filtersOf({ search, status, occasion, budget }: LeadQuery): LeadFilters {
  return { search, status, occasion, budget }
}
