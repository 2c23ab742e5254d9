import { brand } from '@/lib/brand'
import { csvByteOrderMark, csvLine } from '@/lib/csv'
import { leadFields, type CsvLead } from '@/lib/lead-fields'
import { ownerName, type TeamMember } from '@/lib/team'

/**
 * The export's columns (docs/product.md, CSV export): the declared fields that have a CSV header,
 * then status and creation time, then the owner (named from the team) after the spec's columns.
 */
const columns: { header: string; value: (lead: CsvLead, team: readonly TeamMember[]) => string }[] = [
  ...leadFields.flatMap((field) =>
    field.csvHeader === null ? [] : [{ header: field.csvHeader, value: (lead: CsvLead) => lead[field.name] }],
  ),
  { header: 'Status', value: (lead) => lead.status },
  { header: 'Created At', value: (lead) => lead.created_at },
  { header: 'Owner', value: (lead, team) => ownerName(lead.owner_id, team) },
]
/** How the file begins: a UTF-8 byte order mark (so Excel reads ₹ right) and the header line. */
export const leadsCsvStart = csvByteOrderMark + csvLine(columns.map((column) => column.header))

/** The lines of some leads, each ended by CRLF: an export writes them chunk by chunk after the start. */
export function leadsCsvLines(leads: readonly CsvLead[], team: readonly TeamMember[]): string {
  return leads.map((lead) => csvLine(columns.map((column) => column.value(lead, team)))).join('')
}

/** kanak-leads-YYYY-MM-DD.csv, dated by the ISO date of the export. */
export function leadsCsvFileName(now: Date): string {
  return `${brand.short_name}-leads-${now.toISOString().slice(0, 10)}.csv`
}
