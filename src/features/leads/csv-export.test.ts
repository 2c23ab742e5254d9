import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { CsvLead } from '@/lib/lead-fields'
import { leadsCsvFileName, leadsCsvLines, leadsCsvStart } from './csv-export'
import { aLead } from '@/testing/lead-fixtures'
import { aTeam } from '@/testing/lead-work-fixtures'

/** A whole file of these leads, as one export writes it. */
const team = [aTeam.staff]
const leadsCsv = (leads: readonly CsvLead[]) => leadsCsvStart + leadsCsvLines(leads, team)

function parse(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const result = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true })
  expect(result.errors).toEqual([])
  return result.data
}

describe('leads CSV export', () => {
  it('names the file kanak-leads- plus the ISO date', () => {
    expect(leadsCsvFileName(new Date('2026-11-22T10:00:00Z'))).toBe('kanak-leads-2026-11-22.csv')
  })

  it('writes the spec columns and one row per lead', () => {
    const rows = parse(leadsCsv([aLead()]))
    expect(rows).toEqual([
      ['Name', 'Phone', 'Email', 'City', 'Occasion', 'Product Type', 'Budget', 'Status', 'Created At', 'Owner'],
      ['Aarav Sharma', '9876543210', 'aarav@example.in', 'Mumbai', 'Engagement/Wedding', 'Ring', '₹1L – ₹2.5L', 'pending', '2026-11-20T05:00:00.000Z', 'Unassigned'],
    ])
  })

  it('names the owner from the team after the spec\'s columns', () => {
    const [, row] = parse(leadsCsv([aLead({ owner_id: aTeam.staff.id })]))
    expect(row?.at(-1)).toBe(aTeam.staff.displayName)
  })

  it('round-trips commas, quotes and line breaks through a real CSV parser', () => {
    const lead = aLead({ name: 'Sharma, "Ravi"', city: 'New Delhi,\nIndia', budget_range: '₹50,000 – ₹1,00,000' })
    const [, row] = parse(leadsCsv([lead]))
    expect(row?.[0]).toBe('Sharma, "Ravi"')
    expect(row?.[3]).toBe('New Delhi,\nIndia')
    expect(row?.[6]).toBe('₹50,000 – ₹1,00,000')
  })

  it('defuses cells that a spreadsheet would run as formulas', () => {
    const lead = aLead({ name: '=HYPERLINK("http://evil.example","x")', city: '+91 Pune', email: '@cmd', occasion: '-1+1' })
    const [, row] = parse(leadsCsv([lead]))
    expect(row?.[0]).toBe('\'=HYPERLINK("http://evil.example","x")')
    expect(row?.[2]).toBe("'@cmd")
    expect(row?.[3]).toBe("'+91 Pune")
    expect(row?.[4]).toBe("'-1+1")
  })

  it('writes only the header for no leads', () => {
    expect(parse(leadsCsv([]))).toHaveLength(1)
  })

  it('writes the same file chunk by chunk as at once', () => {
    const leads = Array.from({ length: 7 }, (_, index) => aLead({ id: `lead-${index}`, name: `Lead, "${index}"`, city: index % 2 ? '=Pune' : 'Goa' }))
    const chunked = leadsCsvStart + [leads.slice(0, 3), leads.slice(3, 6), leads.slice(6), []].map((chunk) => leadsCsvLines(chunk, team)).join('')
    expect(chunked).toBe(leadsCsv(leads))
    expect(parse(chunked)).toHaveLength(8)
    expect(chunked.endsWith('\r\n')).toBe(true)
  })
})
