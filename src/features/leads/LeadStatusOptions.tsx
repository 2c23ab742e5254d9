import { leadStatuses } from '@/lib/lead-fields'
import { statusLabel } from './lead-status-label'

/** The `<option>`s of the three lead statuses, for the row dropdown. */
export function LeadStatusOptions() {
  return leadStatuses.map((status) => (
    <option key={status} value={status}>
      {statusLabel(status)}
    </option>
  ))
}
