import { describe, expect, it } from 'vitest'
import { serviceClient } from '../testing/clients.ts'
import { leadCount, rawFetch, serviceFetch, validLead } from '../testing/raw.ts'

const service = () => serviceClient()

describe('rest: hostile input is bound, never interpolated', () => {
  it('treats quotes and SQL fragments in filter values as plain values', async () => {
    const lead = validLead()
    await service().from('leads').insert(lead)
    const before = await leadCount()
    for (const value of ["x' or 1=1--", "x'; drop table leads; --", '" or ""="', '\\', '%', '*']) {
      const { data, error } = await service().from('leads').select('id').eq('id', value)
      expect(error).toBeNull()
      expect(data).toEqual([])
    }
    const listed = await serviceFetch(`/rest/v1/leads?select=id&id=${encodeURIComponent(`in.("a","b);drop table leads",${lead.id})`)}`)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual([{ id: lead.id }])
    const injectedOrder = await serviceFetch(`/rest/v1/leads?order=${encodeURIComponent('id;drop table leads')}`)
    expect(injectedOrder.status).toBe(501)
    const injectedColumn = await serviceFetch(`/rest/v1/leads?select=${encodeURIComponent('id,(select 1)')}`)
    expect(injectedColumn.status).toBe(501)
    const injectedTable = await serviceFetch(`/rest/v1/${encodeURIComponent('leads;drop table leads')}`)
    expect(injectedTable.status).toBe(404)
    expect(await leadCount()).toBe(before)
  })

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = await leadCount()
    for (const body of ['{"id": "x", "name": ', 'not json', '', '[1, 2]']) {
      const response = await rawFetch('/rest/v1/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(response.status).toBe(400)
      const error = await response.json()
      expect(error.code).toBe('PGRST102')
      expect(error.message).toMatch(/invalid json|Invalid body/i)
    }
    expect(await leadCount()).toBe(before)
  })

  it('refuses a body over 1 MB with 413', async () => {
    const response = await rawFetch('/rest/v1/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validLead({ occasion: 'x'.repeat(1024 * 1024 + 10) })),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).message).toBe('Request body too large: the limit is 1048576 bytes')
  })

  it('names unsupported features with 501', async () => {
    const cases: [string, RequestInit, string][] = [
      ['/rest/v1/leads?select=*,appointments(*)', {}, 'embedded resources'],
      ['/rest/v1/leads?or=(id.eq.a,id.eq.b)', {}, 'or= filters'],
      ['/rest/v1/leads?id=cs.{a}', {}, 'filter operator "cs"'],
      ['/rest/v1/leads?on_conflict=id', { method: 'POST', body: '{}' }, 'on_conflict'],
      ['/rest/v1/leads', { method: 'POST', body: '{}', headers: { prefer: 'resolution=merge-duplicates' } }, 'upsert'],
    ]
    for (const [path, init, feature] of cases) {
      const response = await serviceFetch(path, init)
      expect(response.status).toBe(501)
      const error = await response.json()
      expect(error.code).toBe('LOCAL501')
      expect(error.message).toContain('Not supported by the local backend: ')
      expect(error.message).toContain(feature)
    }
  })

  it('only exposes schema public', async () => {
    const response = await serviceFetch('/rest/v1/users', { headers: { 'accept-profile': 'auth' } })
    expect(response.status).toBe(406)
    expect((await response.json()).message).toBe('The schema must be one of the following: public')
  })
})
