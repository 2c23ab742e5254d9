import { brand } from '../../lib/brand'
import type { Lead } from './lead.schema'

const header = ['Name', 'Phone', 'Email', 'City', 'Occasion', 'Product Type', 'Budget', 'Status', 'Created At']
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
  const rows = leads.map((lead) => [
    lead.name,
    lead.phone,
    lead.email,
    lead.city,
    lead.occasion,
    lead.product_type,
    lead.budget_range,
    lead.status,
    lead.created_at,
  ])
  const lines = [header, ...rows].map((cells) => cells.map(toCell).join(','))
  return byteOrderMark + lines.join('\r\n') + '\r\n'
}

/** kanak-leads-YYYY-MM-DD.csv, dated by the ISO date of the export. */
export function leadsCsvFileName(now: Date): string {
  return `${brand.shortName}-leads-${now.toISOString().slice(0, 10)}.csv`
}
