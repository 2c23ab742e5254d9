import { describe, expect, it } from 'vitest'
import type { Lead } from '../../lib/lead-fields'
import { aLead } from '../../testing/lead-fixtures'
import { createLeadFilter, noLeadFilters, type LeadFilters } from './lead-filters'

const filterLeads = (leads: readonly Lead[], filters: LeadFilters) => createLeadFilter(leads)(filters)

const leads = [
  aLead({ id: '1', name: 'Aarav Sharma', phone: '9876543210', email: 'aarav@example.in', city: 'Mumbai' }),
  aLead({ id: '2', name: 'Priya Nair', phone: '9123456780', email: '', city: 'Kochi', status: 'contacted', occasion: 'Anniversary' }),
  aLead({ id: '3', name: 'Rohan Gupta', phone: '9000000001', email: 'ROHAN@MAIL.COM', city: '', status: 'closed', occasion: 'Festival', budget_range: 'Up to ₹50,000' }),
]
const ids = (found: { id: string }[]) => found.map((lead) => lead.id)

describe('lead filters', () => {
  it('shows every lead without filters', () => {
    expect(ids(filterLeads(leads, noLeadFilters))).toEqual(['1', '2', '3'])
  })

  it('searches name, phone, email and city, ignoring case and surrounding spaces', () => {
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: 'priya' }))).toEqual(['2'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: '90000' }))).toEqual(['3'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: 'rohan@mail' }))).toEqual(['3'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: '  KOCHI ' }))).toEqual(['2'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: 'nobody' }))).toEqual([])
  })

  it('does not match the occasion or budget through the search box', () => {
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: 'festival' }))).toEqual([])
  })

  it('treats hostile search text literally', () => {
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: '.*' }))).toEqual([])
    expect(ids(filterLeads(leads, { ...noLeadFilters, search: 'x'.repeat(10_000) }))).toEqual([])
  })

  it('filters by status, occasion and budget together with the search', () => {
    expect(ids(filterLeads(leads, { ...noLeadFilters, status: 'contacted' }))).toEqual(['2'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, occasion: 'Festival' }))).toEqual(['3'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, budget: 'Up to ₹50,000' }))).toEqual(['3'])
    expect(ids(filterLeads(leads, { ...noLeadFilters, status: 'closed', search: 'priya' }))).toEqual([])
  })
})

describe('lead filter across fields', () => {
  it('never matches a term that spans two fields', () => {
    const lead = aLead({ name: 'Asha Rao', phone: '9000000000', email: '', city: 'Goa' })
    expect(filterLeads([lead], { ...noLeadFilters, search: 'rao9000' })).toEqual([])
    expect(filterLeads([lead], { ...noLeadFilters, search: 'rao' })).toEqual([lead])
  })
})
