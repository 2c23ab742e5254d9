import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient } from '../testing/clients.ts'
import { leadCount, rawFetch, serviceFetch, validLead } from '../testing/raw.ts'

const service = () => serviceClient()

describe('rest: reads and writes the way supabase-js sends them', () => {
  it('inserts an array of one without reading back: 201 and an empty body', async () => {
    const lead = validLead()
    const response = await rawFetch(`/rest/v1/leads?columns=${encodeURIComponent('"id","name","phone","status","notice_version","notice_language"')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-profile': 'public' },
      body: JSON.stringify([lead]),
    })
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('')
    const { data } = await service().from('leads').select('id, name, status').eq('id', lead.id).single()
    expect(data).toEqual({ id: lead.id, name: 'Asha Rao', status: 'pending' })
  })

  it('filters, orders, limits, offsets and counts', async () => {
    const tag = randomUUID().slice(0, 8)
    const names = ['Alpha One', 'Bravo Two', 'Charlie Three']
    const leads = names.map((name, i) => validLead({ name, city: `Cty ${tag}`.replace(/[0-9-]/g, 'x'), occasion: `${tag}-${i}` }))
    expect((await service().from('leads').insert(leads)).error).toBeNull()
    const city = leads[0]!.city

    const ordered = await service().from('leads').select('name, occasion').eq('city', city).order('occasion', { ascending: false })
    expect(ordered.data?.map((r) => r.name)).toEqual(['Charlie Three', 'Bravo Two', 'Alpha One'])

    const page = await service().from('leads').select('name', { count: 'exact' }).eq('city', city).order('name').range(1, 1)
    expect(page.data).toEqual([{ name: 'Bravo Two' }])
    expect(page.count).toBe(3)

    const some = await service().from('leads').select('name').in('name', ['Alpha One', 'Charlie Three']).eq('city', city).order('name')
    expect(some.data).toEqual([{ name: 'Alpha One' }, { name: 'Charlie Three' }])
    const notAlpha = await service().from('leads').select('name').neq('name', 'Alpha One').eq('city', city)
    expect(notAlpha.data).toHaveLength(2)
    const liked = await service().from('leads').select('name').ilike('name', 'bravo*').eq('city', city)
    expect(liked.data).toEqual([{ name: 'Bravo Two' }])
    const nulls = await service().from('leads').select('name').is('reference_image', null).eq('city', city)
    expect(nulls.data).toHaveLength(3)
    const renamed = await service().from('leads').select('who:name').eq('id', leads[0]!.id).single()
    expect(renamed.data).toEqual({ who: 'Alpha One' })
  })

  it('renders timestamps as PostgREST does', async () => {
    const lead = validLead()
    await service().from('leads').insert(lead)
    const { data } = await service().from('leads').select('created_at').eq('id', lead.id).single()
    expect(data?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/)
  })

  it('answers .single() on no row with 406 PGRST116 exactly as PostgREST', async () => {
    const response = await serviceFetch('/rest/v1/leads?select=*&id=eq.none', { headers: { accept: 'application/vnd.pgrst.object+json' } })
    expect(response.status).toBe(406)
    expect(await response.json()).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
  })

  it('inserts with return=representation, updates (204 or rows) and deletes with filters', async () => {
    const lead = validLead()
    const inserted = await service().from('leads').insert(lead).select('id, status').single()
    expect(inserted.status).toBe(201)
    expect(inserted.data).toEqual({ id: lead.id, status: 'pending' })

    const update = await serviceFetch(`/rest/v1/leads?id=eq.${lead.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'contacted' }),
    })
    expect(update.status).toBe(204)
    const updated = await service().from('leads').update({ status: 'closed' }).eq('id', lead.id).select('status')
    expect(updated.status).toBe(200)
    expect(updated.data).toEqual([{ status: 'closed' }])

    const removed = await service().from('leads').delete().eq('id', lead.id)
    expect(removed.status).toBe(204)
    expect((await service().from('leads').select('id').eq('id', lead.id)).data).toEqual([])
  })

  it('refuses UPDATE and DELETE without a filter, as hosted Supabase does', async () => {
    const before = await leadCount()
    const update = await service().from('leads').update({ status: 'closed' }).neq('id', 'x').select()
    expect(update.error).toBeNull()
    await service().from('leads').update({ status: 'pending' }).neq('id', 'x')
    const unfiltered = await serviceFetch('/rest/v1/leads', { method: 'DELETE' })
    expect(unfiltered.status).toBe(400)
    expect(await unfiltered.json()).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    expect(await leadCount()).toBe(before)
  })

})

describe('rest: less common request shapes', () => {
  it('honours a Range header and Prefer: count=exact on HEAD', async () => {
    const city = 'Rangeville'
    await service().from('leads').insert([validLead({ city, occasion: 'a' }), validLead({ city, occasion: 'b' }), validLead({ city, occasion: 'c' })])
    const ranged = await serviceFetch(`/rest/v1/leads?select=occasion&city=eq.${city}&order=occasion`, {
      headers: { range: '1-2', prefer: 'count=exact' },
    })
    expect(await ranged.json()).toEqual([{ occasion: 'b' }, { occasion: 'c' }])
    expect(ranged.headers.get('content-range')).toBe('1-2/3')
    const head = await serviceFetch(`/rest/v1/leads?city=eq.${city}`, { method: 'HEAD', headers: { prefer: 'count=exact' } })
    expect([head.status, head.headers.get('content-range')]).toEqual([200, '0-2/3'])
  })

  it('fills keys missing from some rows with NULL, or with the default under Prefer: missing=default', async () => {
    const withNull = validLead()
    const withoutCity = validLead()
    const nulls = await service().from('leads').insert([{ ...withNull, reference_image: `${'0'.repeat(32)}.png` }, withoutCity])
    expect(nulls.error).toBeNull()
    const stored = await service().from('leads').select('reference_image').eq('id', withoutCity.id).single()
    expect(stored.data).toEqual({ reference_image: null })

    const a = validLead({ city: 'Pune' })
    const b = validLead()
    const defaults = await service().from('leads').insert([a, b], { defaultToNull: false })
    expect(defaults.error).toBeNull()
    expect((await service().from('leads').select('city').eq('id', b.id).single()).data).toEqual({ city: '' })

    const notNull = await service().from('leads').insert([validLead({ city: 'Pune' }), validLead()])
    expect(notNull.error?.code).toBe('23502')
  })

  it('refuses arrays with different keys when no columns= is given', async () => {
    const response = await serviceFetch('/rest/v1/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([validLead(), validLead({ city: 'Pune' })]),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' })
  })

  it('rolls back a write whose single-object answer would not be exactly one row', async () => {
    const before = await leadCount()
    const two = await service().from('leads').insert([validLead(), validLead()]).select('id').single()
    expect([two.status, two.error?.code, two.error?.details]).toEqual([406, 'PGRST116', 'The result contains 2 rows'])
    expect(await leadCount()).toBe(before)
  })

  it('refuses a PATCH body that is not one object', async () => {
    const response = await serviceFetch('/rest/v1/leads?id=eq.x', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ status: 'closed' }]),
    })
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('Invalid body: PATCH expects one JSON object')
  })
})

describe('rest: errors in PostgREST shape', () => {
  it('maps an unknown column to 42703 / 400 and an unknown table to 404', async () => {
    const column = await service().from('leads').select('no_such_column')
    expect(column.status).toBe(400)
    expect(column.error).toMatchObject({ code: '42703', message: 'column "no_such_column" does not exist', hint: null })
    const table = await service().from('no_such_table').select('*')
    expect(table.status).toBe(404)
    expect(table.error?.code).toBe('42P01')
    const insertColumn = await service().from('leads').insert({ ...validLead(), 'bad"key': 1 })
    expect(insertColumn.status).toBe(400)
    expect(insertColumn.error?.code).toBe('PGRST204')
  })

  it('maps permission errors to 401 for anon and 403 for a signed-in user', async () => {
    const anon = await anonClient().from('user_roles').select('*')
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const { client } = await createUserAndSignIn()
    const lead = await client.from('leads').update({ name: 'Changed Name' }).eq('id', 'x')
    expect(lead.status).toBe(403)
    expect(lead.error?.code).toBe('42501')
  })

  it('maps constraint errors: 23505 and 23503 to 409, 23514 and 22P02 to 400', async () => {
    const lead = validLead()
    await service().from('leads').insert(lead)
    const duplicate = await service().from('leads').insert(lead)
    expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505'])
    expect(duplicate.error?.details).toContain(lead.id)
    const check = await service().from('leads').insert(validLead({ phone: '12' }))
    expect([check.status, check.error?.code]).toEqual([400, '23514'])
    const foreign = await service().from('user_roles').insert({ user_id: randomUUID(), role: 'admin' })
    expect([foreign.status, foreign.error?.code]).toEqual([409, '23503'])
    const badUuid = await service().from('user_roles').select('*').eq('user_id', 'not-a-uuid')
    expect([badUuid.status, badUuid.error?.code]).toEqual([400, '22P02'])
  })
})
