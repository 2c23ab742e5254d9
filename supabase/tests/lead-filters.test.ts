import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLeadsApi } from '../../src/features/leads/api/leads-api.ts'
import { filterOptions } from '../../src/features/leads/filter-options.ts'
import { filterCondition, leadFilters, unassignedOwner, type LeadFilter } from '../../src/features/leads/lead-filters.ts'
import { allLeads, filtersOf, type LeadQuery } from '../../src/features/leads/lead-query.ts'
import { leadStatuses } from '../../src/lib/lead-fields.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

const pageSize = 7
const start = Date.parse('2030-01-01T10:00:00Z')
const signal = () => new AbortController().signal

let dashboard: DashboardBackend
/** The view's My leads is the admin's, known once the backend has made them. */
const optionsOf = (filter: LeadFilter) => filterOptions(filter, { id: dashboard.admin.userId }).map((option) => option.value)

type SeededLead = Omit<ReturnType<typeof newLead>, LeadFilter['column']> & { id: string; created_at: string } & Record<LeadFilter['column'], string | null>
/** Each filter's options, one after another at a pace of its own, so every option of every filter matches a different set of leads. */
function seededLeads(): SeededLead[] {
  return Array.from({ length: 40 }, (_, index) => {
    const values = Object.fromEntries(
      leadFilters.map((filter, place) => {
        const options = optionsOf(filter)
        const value = index % 9 === 8 && filter.options === 'answers' ? '' : options[Math.floor(index / (place + 1)) % options.length]!
        return [filter.column, filterCondition(filter, value).equals]
      }),
    )
    return { ...newLead({ id: `filter-${String(index).padStart(2, '0')}`, ...values }), created_at: new Date(start + index * 60_000).toISOString() } as unknown as SeededLead
  })
}
let leads: SeededLead[]

/** The value of a filter that picks the lead's own column value. */
const valueOf = (lead: SeededLead, filter: LeadFilter) => lead[filter.column] ?? unassignedOwner

const newestFirst = (matching: SeededLead[]) => [...matching].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((lead) => lead.id)
const matching = (query: LeadQuery) =>
  leads.filter((lead) =>
    leadFilters.every((filter) => query[filter.key] === allLeads[filter.key] || lead[filter.column] === filterCondition(filter, query[filter.key]).equals),
  )

let api: ReturnType<typeof createLeadsApi>

/** What the leads tab shows for a query: every page of rows, the count in its title, and what Export CSV writes. */
async function shown(query: LeadQuery) {
  const rows: string[] = []
  for (let from = 0; ; from += pageSize) {
    const page = await api.fetchLeadsPage(query, { from, to: from + pageSize - 1 }, signal())
    rows.push(...page.map((lead) => lead.id))
    if (page.length < pageSize) break
  }
  const count = await api.countLeads(filtersOf(query), signal())
  const exported = await api.fetchLeadsCsvChunk(filtersOf(query), null, 1000, signal())
  return { rows, count, exported: exported.leads.map((lead) => lead.id) }
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  leads = seededLeads()
  const { error } = await dashboard.serviceClient().from('leads').insert(leads)
  if (error) throw new Error(`arranging leads failed: ${error.message}`)
  api = createLeadsApi(dashboard.admin.client)
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('the leads filters, through supabase-js', () => {
  it('seeds every option of every filter, each matching some leads and not others', () => {
    for (const filter of leadFilters) {
      for (const value of optionsOf(filter)) {
        const count = leads.filter((lead) => valueOf(lead, filter) === value).length
        expect([filter.key, value, count > 0 && count < leads.length]).toEqual([filter.key, value, true])
      }
    }
    expect(optionsOf(leadFilters[0])).toEqual([...leadStatuses])
  })

  it.each(leadFilters.map((filter) => [filter.key, filter] as const))(
    'the %s filter: every option shows its leads, newest first, with the right count (counter or not) and the same CSV',
    async (_key, filter) => {
      for (const value of optionsOf(filter)) {
        const query = { ...allLeads, [filter.key]: value }
        const expected = newestFirst(matching(query))
        expect(await shown(query), `${filter.key} = ${value}`).toEqual({ rows: expected, count: expected.length, exported: expected })
      }
    },
  )

  it('all filters together, with a search, narrow to the leads that match them all', async () => {
    const lead = leads[13]!
    const query = { ...allLeads, ...Object.fromEntries(leadFilters.map((filter) => [filter.key, valueOf(lead, filter)])), search: 'EXAMPLE' }
    const expected = newestFirst(matching(query))
    expect(expected).toContain(lead.id)
    expect(expected.length).toBeLessThan(leads.length / 4)
    expect(await shown(query)).toEqual({ rows: expected, count: expected.length, exported: expected })
  })

  it('with no filter, counts every lead from the counters', async () => {
    expect(await shown(allLeads)).toEqual({ rows: newestFirst(leads), count: leads.length, exported: newestFirst(leads) })
  })

  it.each(leadFilters.map((filter) => [filter.key, filter] as const))(
    'the %s filter takes any value literally: none of these is an error or matches a lead',
    async (_key, filter) => {
      for (const value of ["'; delete from public.leads; --", '%', '*', 'eq.pending', 'a,b', '(x)', '😀', 'x'.repeat(900)]) {
        expect(await shown({ ...allLeads, [filter.key]: value }), value.slice(0, 20)).toEqual({ rows: [], count: 0, exported: [] })
      }
      // Longer than any stored value: the table answers nothing; the export refuses it with its code
      // (an owner that is no member's id, or an opt-in that is neither yes nor no, asks for no lead instead).
      const huge = { ...allLeads, [filter.key]: 'x'.repeat(2000) }
      expect(await api.fetchLeadsPage(huge, { from: 0, to: pageSize - 1 }, signal())).toEqual([])
      const exported = api.fetchLeadsCsvChunk(filtersOf(huge), null, 1000, signal())
      if (filter.options === 'owners' || filter.options === 'optIn') expect((await exported).leads).toEqual([])
      else await expect(exported).rejects.toMatchObject({ code: 'invalid_export_filters' })
    },
  )
})
