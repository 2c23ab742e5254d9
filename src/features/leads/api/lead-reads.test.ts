import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { filterOptions as optionsFor } from '../filter-options'
import { filterCondition, leadFilters, type LeadFilter } from '../lead-filters'
import { noLeadFilters, type LeadFilters } from '../lead-query'
import { leadCounterFor, leadsMatching } from './lead-reads'

/** The request the real client would send for the leads matching `filters` (answered with no rows, never sent anywhere). */
async function requestFor(filters: LeadFilters): Promise<URL> {
  const sent: URL[] = []
  const client = createClient('http://backend.test', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NodeWebSocket as unknown as typeof WebSocket },
    global: {
      fetch: async (input) => {
        sent.push(new URL(String(input)))
        return new Response('[]', { headers: { 'content-type': 'application/json' } })
      },
    },
  })
  await leadsMatching(client, filters, 'id')
  const [url] = sent
  if (!url) throw new Error('no request was sent')
  return url
}

const filterParams = (url: URL) => [...url.searchParams].filter(([name]) => name !== 'select')

const viewer = { id: '00000000-0000-4000-8000-000000000001' }
const filterOptions = (filter: LeadFilter) => optionsFor(filter, viewer)
/** The PostgREST parameter a filter set to `value` sends. */
const param = (filter: LeadFilter, value: string) => {
  const { equals } = filterCondition(filter, value)
  return equals === null ? [filter.column, 'is.null'] : [filter.column, `eq.${equals}`]
}

describe('the query builder: every filter of the table, as the database is asked', () => {
  it('reads the table without filters when nothing is applied', async () => {
    const url = await requestFor(noLeadFilters)
    expect(url.pathname).toBe('/rest/v1/leads')
    expect(filterParams(url)).toEqual([])
  })

  it.each(leadFilters.map((filter) => [filter.key, filter] as const))('asks for the %s filter as its column equal to the value', async (_key, filter) => {
    for (const option of filterOptions(filter)) {
      const url = await requestFor({ ...noLeadFilters, [filter.key]: option.value })
      expect(filterParams(url)).toEqual([param(filter, option.value)])
    }
  })

  it('asks for the unassigned leads as those without an owner, and My leads as the viewer\'s', async () => {
    const view = leadFilters.find((filter) => filter.options === 'owners')!
    expect(filterParams(await requestFor({ ...noLeadFilters, [view.key]: 'unassigned' }))).toEqual([['owner_id', 'is.null']])
    expect(filterParams(await requestFor({ ...noLeadFilters, [view.key]: viewer.id }))).toEqual([['owner_id', `eq.${viewer.id}`]])
  })

  it('goes through search_leads for a search term, with every filter applied', async () => {
    const applied = Object.fromEntries(leadFilters.map((filter) => [filter.key, filterOptions(filter)[0]!.value]))
    const url = await requestFor({ ...noLeadFilters, ...applied, search: '  kochi ' })
    expect(url.pathname).toBe('/rest/v1/rpc/search_leads')
    expect(filterParams(url)).toEqual(leadFilters.map((filter) => param(filter, applied[filter.key]!)))
  })
})

describe('the count shortcut: when a counter of dashboard_stats() holds the number', () => {
  it('takes the total for no search and no filter, and nothing for a search', () => {
    expect(leadCounterFor(noLeadFilters)).toBe('total_leads')
    expect(leadCounterFor({ ...noLeadFilters, search: 'a' })).toBeNull()
    expect(leadCounterFor({ ...noLeadFilters, search: '   ' })).toBe('total_leads')
  })

  it.each(leadFilters.map((filter) => [filter.key, filter] as const))(
    'never takes the unfiltered total for the %s filter: only a counter its declaration names for the value, alone',
    (_key, filter) => {
      for (const option of filterOptions(filter)) {
        const filters = { ...noLeadFilters, [filter.key]: option.value }
        const named: Readonly<Record<string, string>> | null = filter.counters
        expect(leadCounterFor(filters)).toBe(named?.[option.value] ?? null)
        expect(leadCounterFor({ ...filters, search: 'a' })).toBeNull()
        expect(leadCounterFor({ ...filters, [filter.key]: 'not an option' })).toBeNull()
      }
    },
  )

  it('counts the rows for two filters at once, even two a counter answers alone', () => {
    const [status] = leadFilters
    const other = leadFilters.find((filter) => filter !== status)!
    expect(leadCounterFor({ ...noLeadFilters, status: 'pending' })).toBe('pending_leads')
    expect(leadCounterFor({ ...noLeadFilters, status: 'pending', [other.key]: filterOptions(other)[0]!.value })).toBeNull()
  })
})
