import { brand } from '@/lib/brand'
import { csvByteOrderMark, csvLine } from '@/lib/csv'
import { ownerName, type TeamMember } from '@/lib/team'
import type { AuditEvent } from './privacy.schema'

const columns: { header: string; value: (event: AuditEvent, team: readonly TeamMember[]) => string }[] = [
  { header: 'Id', value: (event) => String(event.id) },
  { header: 'At', value: (event) => event.at },
  { header: 'Kind', value: (event) => event.kind },
  { header: 'Actor Id', value: (event) => event.actor ?? '' },
  { header: 'Actor', value: (event, team) => (event.actor === null ? '' : ownerName(event.actor, team)) },
  { header: 'Address', value: (event) => event.address ?? '' },
  { header: 'Detail', value: (event) => JSON.stringify(event.detail ?? {}) },
]

/** The whole audit log as a CSV file's text: a byte order mark, the header, one line per event (cells defused against formulas). */
export function auditCsv(events: readonly AuditEvent[], team: readonly TeamMember[]): string {
  return csvByteOrderMark + csvLine(columns.map((column) => column.header)) + events.map((event) => csvLine(columns.map((column) => column.value(event, team)))).join('')
}

/** kanak-audit-YYYY-MM-DD.csv, dated by the ISO date of the download. */
export function auditCsvFileName(now: Date): string {
  return `${brand.short_name}-audit-${now.toISOString().slice(0, 10)}.csv`
}
