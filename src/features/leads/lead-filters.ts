import type { Lead, LeadStatus } from './lead.schema'

export const allOption = 'all'

export const occasionFilterOptions = ['Engagement/Wedding', 'Birthday/Gift', 'Anniversary', 'Festival', 'Other'] as const

export interface LeadFilters {
  search: string
  status: LeadStatus | typeof allOption
  occasion: string
  /** Kept in state as the spec has it, without a visible control. */
  budget: string
}

export const noLeadFilters: LeadFilters = { search: '', status: allOption, occasion: allOption, budget: allOption }

/** Case-insensitive match of the search term against the given fields. */
export function matchesSearch(term: string, fields: readonly string[]): boolean {
  const needle = term.trim().toLowerCase()
  if (!needle) return true
  return fields.some((field) => field.toLowerCase().includes(needle))
}

export function filterLeads(leads: readonly Lead[], filters: LeadFilters): Lead[] {
  return leads.filter(
    (lead) =>
      matchesSearch(filters.search, [lead.name, lead.phone, lead.email, lead.city]) &&
      (filters.status === allOption || lead.status === filters.status) &&
      (filters.occasion === allOption || lead.occasion === filters.occasion) &&
      (filters.budget === allOption || lead.budget_range === filters.budget),
  )
}
