import { answerOptions } from '@/lib/consultation-facts'
import { leadStatuses } from '@/lib/lead-fields'
import { marketingLabels } from '@/lib/notice-record'
import { unassignedLabel, type Viewer } from '@/lib/team'
import { unassignedOwner, type LeadFilter } from './lead-filters'
import { statusLabel } from './lead-status-label'

export const myLeadsLabel = 'My leads'

export interface FilterOption {
  value: string
  label: string
}

/** The options of a filter's control after its "All ..." one, from where its declaration says; the owners are the viewer and nobody. */
export function filterOptions(filter: LeadFilter, viewer: Pick<Viewer, 'id'>): FilterOption[] {
  if (filter.options === 'statuses') return leadStatuses.map((status) => ({ value: status, label: statusLabel(status) }))
  if (filter.options === 'owners') return [{ value: viewer.id, label: myLeadsLabel }, { value: unassignedOwner, label: unassignedLabel }]
  if (filter.options === 'optIn') return [{ value: 'true', label: marketingLabels.optedIn }, { value: 'false', label: marketingLabels.notOptedIn }]
  return answerOptions[filter.column].map((answer) => ({ value: answer, label: answer }))
}
