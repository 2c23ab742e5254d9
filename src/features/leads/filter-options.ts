import { answerOptions } from '@/lib/consultation-facts'
import { leadStatuses } from '@/lib/lead-fields'
import type { LeadFilter } from './lead-filters'
import { statusLabel } from './lead-status-label'

export interface FilterOption {
  value: string
  label: string
}

/** The options of a filter's control after its "All ..." one, from where its declaration says. */
export function filterOptions(filter: LeadFilter): FilterOption[] {
  if (filter.options === 'statuses') return leadStatuses.map((status) => ({ value: status, label: statusLabel(status) }))
  return answerOptions[filter.column].map((answer) => ({ value: answer, label: answer }))
}
