import { brand } from '../../lib/brand'
import { leadFields, type Lead } from '../../lib/lead-fields'

/** The spec section 7 columns: the declared fields that have a CSV header, then status and creation time. */
const columns: { header: string; value: (lead: Lead) => string }[] = [
  ...leadFields.flatMap((field) => (field.csvHeader === null ? [] : [{ header: field.csvHeader, value: (lead: Lead) => lead[field.name] }])),
  { header: 'Status', value: (lead) => lead.status },
  { header: 'Created At', value: (lead) => lead.created_at },
]
const byteOrderMark = '\uFEFF'
const formulaTriggers = ['=', '+', '-', '@', '\t', '\r']

/** A leading apostrophe stops spreadsheets from running a cell as a formula. */
function defuseFormula(value: string): string {
  return formulaTriggers.some((trigger) => value.startsWith(trigger)) ? `'${value}` : value
}

/** RFC 4180: quote when the value holds a comma, quote or line break; double inner quotes. */
function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function toCell(value: string): string {
  return quote(defuseFormula(value))
}

export function leadsCsv(leads: readonly Lead[]): string {
  const header = columns.map((column) => column.header)
  const rows = leads.map((lead) => columns.map((column) => column.value(lead)))
  const lines = [header, ...rows].map((cells) => cells.map(toCell).join(','))
  return byteOrderMark + lines.join('\r\n') + '\r\n'
}

/** kanak-leads-YYYY-MM-DD.csv, dated by the ISO date of the export. */
export function leadsCsvFileName(now: Date): string {
  return `${brand.shortName}-leads-${now.toISOString().slice(0, 10)}.csv`
}
