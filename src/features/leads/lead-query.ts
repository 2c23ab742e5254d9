import { allOption } from '@/lib/all-option'
import { leadFilters, type LeadFilterKey } from './lead-filters'

/** The leads table's sortable columns. */
export const leadSortColumns = ['customer', 'requirements', 'budget', 'status', 'created'] as const
export type LeadSortColumn = (typeof leadSortColumns)[number]

export type LeadSort = { column: LeadSortColumn; descending: boolean }

/** The search box and the value of each filter (`allOption`: that filter is not applied): what a CSV export applies. */
export type LeadFilters = { search: string } & Record<LeadFilterKey, string>

/** What the leads tab asks the database for: the search box, the filters and the sorted column. */
export type LeadQuery = LeadFilters & {
  /** null: newest first, the table's order before a header is clicked. */
  sort: LeadSort | null
}

const filterValues = (value: (key: LeadFilterKey) => string) =>
  Object.fromEntries(leadFilters.map((filter) => [filter.key, value(filter.key)])) as Record<LeadFilterKey, string>

export const noLeadFilters: LeadFilters = { search: '', ...filterValues(() => allOption) }

/** Every lead, newest first: the tab as it opens. */
export const allLeads: LeadQuery = { ...noLeadFilters, sort: null }

export function filtersOf(query: LeadQuery): LeadFilters {
  return { search: query.search, ...filterValues((key) => query[key]) }
}

/** The filters applied (not set to their "All ..." option), in the toolbar's order. */
export function appliedFilters(filters: LeadFilters) {
  return leadFilters.filter((filter) => filters[filter.key] !== allOption)
}
