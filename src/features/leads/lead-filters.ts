import type { Lead, LeadStatus } from '../../lib/lead-fields'
import { allOption } from '../../lib/search'

export interface LeadFilters {
  search: string
  status: LeadStatus | typeof allOption
  occasion: string
  /** Kept in state as the spec has it, without a visible control. */
  budget: string
}

export const noLeadFilters: LeadFilters = { search: '', status: allOption, occasion: allOption, budget: allOption }

/**
 * A filter over a fixed list that lower-cases the searchable fields once, so each keystroke on
 * ten thousand leads is one substring test per lead. Fields are joined with a separator no one
 * types, so a term never matches across two fields.
 */
export function createLeadFilter(leads: readonly Lead[]): (filters: LeadFilters) => Lead[] {
  const haystacks = leads.map((lead) => [lead.name, lead.phone, lead.email, lead.city].join('\u0000').toLowerCase())
  return (filters) => {
    const needle = filters.search.trim().toLowerCase()
    return leads.filter(
      (lead, index) =>
        (!needle || (haystacks[index] ?? '').includes(needle)) &&
        (filters.status === allOption || lead.status === filters.status) &&
        (filters.occasion === allOption || lead.occasion === filters.occasion) &&
        (filters.budget === allOption || lead.budget_range === filters.budget),
    )
  }
}
