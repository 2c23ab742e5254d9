import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { leadsCsv, leadsCsvFileName } from './csv-export'
import { aLead } from '../../testing/lead-fixtures'

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
      ['Name', 'Phone', 'Email', 'City', 'Occasion', 'Product Type', 'Budget', 'Status', 'Created At'],
      ['Aarav Sharma', '9876543210', 'aarav@example.in', 'Mumbai', 'Engagement/Wedding', 'Ring', '₹1L – ₹2.5L', 'pending', '2026-11-20T05:00:00.000Z'],
    ])
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
})
