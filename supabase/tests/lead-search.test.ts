import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchAs, startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'

interface StoredLead {
  id: string
  name: string
  phone: string
  email: string
  city: string
  occasion: string
  product_type: string
  budget_range: string
  status: string
  created_at: string
}

const above = 'Above ₹2.5L'
const upTo = 'Up to ₹50,000'
const hour = 3_600_000
const start = Date.parse('2026-01-10T10:00:00Z')

/** Emails carry the characters a search must take literally; each has a look-alike a wildcard would also match. */
const rows: [string, string, string, string, string, string, string, string, number][] = [
  ['Asha Rao', '9876543210', 'asha.rao@mail.test', 'Pune', 'Anniversary', 'Ring', upTo, 'pending', 0],
  ['Bela Kumar', '9000000001', 'per%cent@mail.test', 'Mumbai', 'Birthday/Gift', 'Pendant', above, 'contacted', 1],
  ['Chitra Iyer', '9000000002', 'percent@mail.test', 'Chennai', 'Anniversary', 'Ring', above, 'pending', 2],
  ['Dev Anand', '9000000003', 'under_score@mail.test', 'Delhi', 'Festival', 'Bangles', '', 'closed', 3],
  ['Esha Gupta', '9000000004', 'underXscore@mail.test', 'Pune', 'Anniversary', 'Necklace', upTo, 'pending', 4],
  ['Farid Khan', '9000000005', 'back\\slash@mail.test', 'Kochi', 'Other', 'Ring', upTo, 'contacted', 5],
  ['Gita Menon', '9000000006', 'backslash@mail.test', 'Kochi', 'Anniversary', 'Earrings', above, 'pending', 6],
  ['Hari Nair', '9000000007', "o'brien@mail.test", 'Goa', 'Just Because', 'Ring', '', 'closed', 7],
  ['Indu Shah', '9000000008', 'say"hi"@mail.test', 'Surat', 'Anniversary', 'Ring', above, 'pending', 8],
  ['Jai Verma', '9000000009', 'comma,here@mail.test', 'Agra', 'Birthday/Gift', 'Ring', upTo, 'pending', 9],
  ['Kavya Das', '9000000010', 'paren(open)@mail.test', 'Patna', 'Anniversary', 'Bracelet', upTo, 'contacted', 10],
  ['Lata Joshi', '9000000011', 'smile😀@mail.test', 'Pune', 'Anniversary', 'Ring', above, 'pending', 11],
  ['Mohan Lal', '9000000012', 'mohan@mail.test', 'Pune', 'Anniversary', 'Ring', above, 'pending', 11],
]

const leads: StoredLead[] = rows.map(([name, phone, email, city, occasion, product_type, budget_range, status, hours], index) => ({
  id: `s-${String(index + 1).padStart(2, '0')}`,
  name,
  phone,
  email,
  city,
  occasion,
  product_type,
  budget_range,
  status,
  created_at: new Date(start + hours * hour).toISOString(),
}))

const byName = (name: string) => leads.find((lead) => lead.name === name)!.id

type SortKey = 'created_at' | 'name' | 'status' | 'budget_range' | 'product_type'

/** The order the table asks for: the column(s), then newest first, then id, as PostgREST is sent it. */
const sortColumns: Record<SortKey, (keyof StoredLead)[]> = {
  created_at: ['created_at'],
  name: ['name'],
  status: ['status'],
  budget_range: ['budget_range'],
  product_type: ['product_type', 'occasion'],
}

function expectedOrder(sort: SortKey, ascending: boolean, subset = leads): string[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return [...subset]
    .sort((a, b) => {
      for (const column of sortColumns[sort]) {
        const difference = compare(a[column], b[column])
        if (difference !== 0) return ascending ? difference : -difference
      }
      if (sort === 'created_at') return ascending ? compare(a.id, b.id) : -compare(a.id, b.id)
      return -compare(a.created_at, b.created_at) || -compare(a.id, b.id)
    })
    .map((lead) => lead.id)
}

let dashboard: DashboardBackend

function search(term: string, options: { count?: boolean } = {}) {
  return dashboard.admin.client.rpc('search_leads', { term }, options.count ? { count: 'exact' } : {})
}

function sorted(term: string, sort: SortKey, ascending: boolean) {
  let query = search(term, { count: true })
  for (const column of sortColumns[sort]) query = query.order(column, { ascending })
  if (sort === 'created_at') return query.order('id', { ascending })
  return query.order('created_at', { ascending: false }).order('id', { ascending: false })
}

const ids = (data: unknown) => (data as StoredLead[] | null)?.map((lead) => lead.id)

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  const { error } = await dashboard.serviceClient().from('leads').insert(leads.map((lead) => ({ ...lead, updated_at: lead.created_at })))
  if (error) throw new Error(`arranging leads failed: ${error.message}`)
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('search_leads: what the leads tab asks Postgres for', () => {
  it('answers every lead, newest first, with the exact count, for a blank term', async () => {
    for (const term of ['', '   ']) {
      const { data, count, error } = await sorted(term, 'created_at', false)
      expect(error).toBeNull()
      expect(ids(data)).toEqual(expectedOrder('created_at', false))
      expect(count).toBe(leads.length)
    }
    const stored = (await search('').eq('id', 's-01').single()).data as StoredLead
    expect(stored).toMatchObject({ ...leads[0], created_at: expect.any(String) })
    expect(Date.parse(stored.created_at)).toBe(Date.parse(leads[0]!.created_at))
  })

  it.each([
    ['a name, whatever its case', 'ASHA', ['Asha Rao']],
    ['part of a phone number', '98765', ['Asha Rao']],
    ['part of an email', 'mohan@', ['Mohan Lal']],
    ['a city', 'pune', ['Asha Rao', 'Esha Gupta', 'Lata Joshi', 'Mohan Lal']],
    ['a term with surrounding spaces', '  gita  ', ['Gita Menon']],
    ['a term spanning two fields, which matches nothing', 'rao9876', []],
  ])('matches %s as a substring of name, phone, email or city', async (_label, term, names) => {
    const { data, count, error } = await sorted(term, 'name', true)
    expect(error).toBeNull()
    expect(ids(data)).toEqual(names.map(byName))
    expect(count).toBe(names.length)
  })

  it.each([
    ['%', ['Bela Kumar']],
    ['per%cent', ['Bela Kumar']],
    ['_', ['Dev Anand']],
    ['under_score', ['Dev Anand']],
    ['\\', ['Farid Khan']],
    ['back\\slash', ['Farid Khan']],
    ["o'brien", ['Hari Nair']],
    ['"hi"', ['Indu Shah']],
    ['comma,here', ['Jai Verma']],
    ['(', ['Kavya Das']],
    ['paren(open)', ['Kavya Das']],
    ['😀', ['Lata Joshi']],
    ['%_\\\'",()', []],
    ["'; delete from public.leads; --", []],
    ['x'.repeat(1000), []],
    ['a'.repeat(256), []],
  ])('matches %j literally, never as a pattern, an error or an injection', async (term, names) => {
    const { data, count, error } = await sorted(term, 'name', true)
    expect(error).toBeNull()
    expect(ids(data)).toEqual(names.map(byName))
    expect(count).toBe(names.length)
  })

  it('drops control characters from the term instead of failing', async () => {
    const { data, error } = await search('as\tha\n')
    expect(error).toBeNull()
    expect(ids(data)).toEqual([byName('Asha Rao')])
    expect((await search('')).data).toHaveLength(leads.length)
  })

  it('combines the term with the status, occasion and budget filters', async () => {
    const { data, count, error, status } = await sorted('mail', 'created_at', false)
      .eq('status', 'pending')
      .eq('occasion', 'Anniversary')
      .eq('budget_range', above)
      .range(0, 1)
    const matching = leads.filter((lead) => lead.status === 'pending' && lead.occasion === 'Anniversary' && lead.budget_range === above)
    expect(matching).toHaveLength(5)
    expect(error).toBeNull()
    expect(ids(data)).toEqual(expectedOrder('created_at', false, matching).slice(0, 2))
    expect([status, count]).toEqual([206, 5])
  })

  it.each(
    (['created_at', 'name', 'status', 'budget_range', 'product_type'] as const).flatMap((sort) => [
      [sort, true],
      [sort, false],
    ]),
  )('sorts by %s (ascending: %s), ties newest first', async (sort, ascending) => {
    const { data, error } = await sorted('', sort, ascending)
    expect(error).toBeNull()
    expect(ids(data)).toEqual(expectedOrder(sort, ascending))
  })

  it('pages: the first page, a last partial page, an offset at the end, one beyond it', async () => {
    const all = expectedOrder('created_at', false)
    const first = await sorted('', 'created_at', false).range(0, 4)
    expect([first.status, first.count, ids(first.data)]).toEqual([206, 13, all.slice(0, 5)])
    const last = await sorted('', 'created_at', false).range(10, 14)
    expect([last.status, last.count, ids(last.data)]).toEqual([206, 13, all.slice(10)])
    const atEnd = await sorted('', 'created_at', false).range(13, 17)
    expect([atEnd.status, atEnd.count, atEnd.data, atEnd.error]).toEqual([206, 13, [], null])
    const beyond = await sorted('', 'created_at', false).range(20, 24)
    expect(beyond.status).toBe(416)
    expect(beyond.error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 20 was requested, but there are only 13 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    })
    const withoutCount = await search('').order('created_at', { ascending: false }).order('id', { ascending: false }).range(10, 14)
    expect([withoutCount.status, withoutCount.count, ids(withoutCount.data)]).toEqual([200, null, all.slice(10)])
  })

  it('answers Content-Range as PostgREST does', async () => {
    const path = '/rest/v1/rpc/search_leads?order=created_at.desc,id.desc'
    const post = (headers: Record<string, string>) =>
      fetchAs(dashboard, dashboard.admin, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"term":""}' })
    const counted = await post({ prefer: 'count=exact', range: '10-14' })
    expect([counted.status, counted.headers.get('content-range')]).toEqual([206, '10-12/13'])
    const all = await post({ prefer: 'count=exact' })
    expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-12/13'])
    const uncounted = await post({ range: '0-4' })
    expect([uncounted.status, uncounted.headers.get('content-range')]).toEqual([200, '0-4/*'])
    const none = await fetchAs(dashboard, dashboard.admin, `${path}&status=eq.none`, { method: 'POST', headers: { prefer: 'count=exact', 'content-type': 'application/json' }, body: '{}' })
    expect([none.status, none.headers.get('content-range'), await none.json()]).toEqual([200, '*/0', []])
    const beyond = await post({ prefer: 'count=exact', range: '20-24' })
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, '*/13'])
  })

  it('takes select, single, GET (arguments in the query string) and HEAD (count only)', async () => {
    const columns = await search('pune').select('id, name').order('name')
    expect(columns.data).toEqual(['Asha Rao', 'Esha Gupta', 'Lata Joshi', 'Mohan Lal'].map((name) => ({ id: byName(name), name })))
    const one = await search('98765').single()
    expect((one.data as StoredLead).name).toBe('Asha Rao')
    const several = await search('pune').single()
    expect([several.status, several.error?.code, several.error?.details]).toEqual([406, 'PGRST116', 'The result contains 4 rows'])
    const read = await dashboard.admin.client.rpc('search_leads', { term: 'pune' }, { get: true, count: 'exact' }).eq('status', 'pending').order('name')
    expect([read.error, read.count, ids(read.data)]).toEqual([null, 4, ['Asha Rao', 'Esha Gupta', 'Lata Joshi', 'Mohan Lal'].map(byName)])
    const head = await dashboard.admin.client.rpc('search_leads', { term: 'kochi' }, { head: true, count: 'exact' })
    expect([head.error, head.count, head.data]).toEqual([null, 2, null])
  })
})

describe('search_leads: only admins read leads through it', () => {
  it('refuses visitors (anon) with 42501', async () => {
    const { data, error, status } = await dashboard.anonClient().rpc('search_leads', { term: '' }, { count: 'exact' })
    expect([status, error?.code, data]).toEqual([401, '42501', null])
  })

  it('answers a signed-in user without the admin role nothing, whatever the term or filter', async () => {
    for (const term of ['', 'pune', '%']) {
      const { data, count, error } = await dashboard.member.client.rpc('search_leads', { term }, { count: 'exact' }).neq('status', 'x')
      expect([error, data, count]).toEqual([null, [], 0])
    }
  })

  it('answers the service role everything, as row-level security does', async () => {
    const { count, error } = await dashboard.serviceClient().rpc('search_leads', { term: '' }, { count: 'exact', head: true })
    expect([error, count]).toEqual([null, leads.length])
  })
})
