import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { serviceClient } from '../testing/clients.ts'
import { serviceFetch, validLead } from '../testing/raw.ts'

/** Letters only, so it is a valid city and no other test's lead has it. */
const city = `Rng ${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`
const occasions = ['a', 'b', 'c', 'd', 'e']

beforeAll(async () => {
  const { error } = await serviceClient()
    .from('leads')
    .insert(occasions.map((occasion) => validLead({ city, occasion })))
  if (error) throw new Error(`arranging leads failed: ${error.message}`)
})

describe('rest: status and Content-Range of reads, as PostgREST answers them', () => {
  it.each([
    ['a page smaller than the count', '0-1', 'count=exact', 206, '0-1/5', ['a', 'b']],
    ['the whole count', '0-9', 'count=exact', 200, '0-4/5', occasions],
    ['an offset at the end', '5-9', 'count=exact', 206, '*/5', []],
    ['a page without a count', '3-9', '', 200, '3-4/*', ['d', 'e']],
    ['an empty page without a count', '7-9', '', 200, '*/*', []],
  ])('answers %s', async (_label, range, prefer, status, contentRange, expected) => {
    const response = await serviceFetch(`/rest/v1/leads?select=occasion&city=eq.${encodeURIComponent(city)}&order=occasion`, {
      headers: { range, prefer },
    })
    expect([response.status, response.headers.get('content-range')]).toEqual([status, contentRange])
    expect((await response.json()).map((row: { occasion: string }) => row.occasion)).toEqual(expected)
  })

  it('answers an offset beyond the count with 416 PGRST103', async () => {
    const { status, error, count } = await serviceClient().from('leads').select('id', { count: 'exact' }).eq('city', city).range(6, 9)
    expect([status, count]).toEqual([416, null])
    expect(error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 6 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    })
  })

  it('counts on HEAD without sending rows', async () => {
    const { status, data, count } = await serviceClient().from('leads').select('*', { count: 'exact', head: true }).eq('city', city).range(0, 1)
    expect([status, data, count]).toEqual([206, null, 5])
  })
})

describe('rest: functions that return rows are read like tables', () => {
  it('reads a GET parameter as a filter when its value is an operator expression, else as an argument', async () => {
    const response = await serviceFetch(
      `/rest/v1/rpc/search_leads?term=${encodeURIComponent(city)}&occasion=in.(b,d)&select=occasion&order=occasion.desc`,
      { headers: { prefer: 'count=exact' } },
    )
    expect([response.status, response.headers.get('content-range')]).toEqual([200, '0-1/2'])
    expect(await response.json()).toEqual([{ occasion: 'd' }, { occasion: 'b' }])
    const asFilter = await serviceFetch('/rest/v1/rpc/search_leads?term=eq.x')
    expect([asFilter.status, (await asFilter.json()).code]).toEqual([400, '42703'])
  })

  it('refuses other methods on /rpc and or= on a function, naming them (501)', async () => {
    for (const [path, method, feature] of [
      ['/rest/v1/rpc/search_leads', 'PATCH', 'PATCH on /rpc'],
      ['/rest/v1/rpc/search_leads?or=(status.eq.a,status.eq.b)', 'POST', 'or= filters'],
    ] as const) {
      const response = await serviceFetch(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(response.status).toBe(501)
      expect((await response.json()).message).toContain(feature)
    }
  })
})
