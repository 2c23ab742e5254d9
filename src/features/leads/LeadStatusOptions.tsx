import { leadStatuses } from '@/lib/lead-fields'

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The `<option>`s of the three lead statuses, for the row dropdown and the status filter. */
export function LeadStatusOptions() {
  return leadStatuses.map((status) => (
    <option key={status} value={status}>
      {capitalise(status)}
    </option>
  ))
}
