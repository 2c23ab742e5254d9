import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient } from '../../../../supabase/local/testing/clients'
import { aLeadPayload } from '../../../testing/lead-fixtures'
import { createLeadsApi } from './leads-api'

function newLead(overrides: Record<string, unknown> = {}) {
  return { ...aLeadPayload({ id: `api-${randomUUID()}` }), ...overrides }
}

async function insertLeads(...leads: ReturnType<typeof newLead>[]) {
  const { error } = await serviceClient().from('leads').insert(leads)
  if (error) throw new Error(error.message)
}

describe('leads api against the local backend', () => {
  it('reads every lead in pages, as hosted PostgREST caps the rows of one answer', async () => {
    const created = Array.from({ length: 5 }, (_, index) => newLead({ created_at: `2031-01-0${index + 1}T00:00:00Z` }))
    await insertLeads(...created)
    const admin = await createUserAndSignIn({ admin: true })
    const paged = await createLeadsApi(admin.client, { pageSize: 2 }).fetchLeads()
    expect(new Set(paged.map((lead) => lead.id)).size).toBe(paged.length)
    expect(paged.filter((lead) => created.some((ours) => ours.id === lead.id)).map((lead) => lead.id)).toEqual(
      created.map((lead) => lead.id).reverse(),
    )
  })

  it('gives an admin every lead, newest first, parsed', async () => {
    const older = newLead({ created_at: '2030-01-01T00:00:00Z' })
    const newer = newLead({ created_at: '2030-01-02T00:00:00Z', reference_image: null, email: '' })
    await insertLeads(older, newer)
    const admin = await createUserAndSignIn({ admin: true })
    const leads = await createLeadsApi(admin.client).fetchLeads()
    const ours = leads.filter((lead) => lead.id === older.id || lead.id === newer.id)
    expect(ours.map((lead) => lead.id)).toEqual([newer.id, older.id])
    expect(ours[0]).toMatchObject({ email: '', reference_image: '', status: 'pending' })
    const times = leads.map((lead) => new Date(lead.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('updates status and updated_at, and the change is stored', async () => {
    const lead = newLead({ updated_at: '2030-01-01T00:00:00Z' })
    await insertLeads(lead)
    const admin = await createUserAndSignIn({ admin: true })
    const updated = await createLeadsApi(admin.client).updateLeadStatus(lead.id, 'contacted')
    expect(updated.status).toBe('contacted')
    expect(new Date(updated.updated_at ?? 0).getTime()).toBeGreaterThan(Date.parse('2030-01-01T00:00:00Z') - 1e12)
    const stored = await serviceClient().from('leads').select('status, updated_at').eq('id', lead.id).single()
    expect(stored.data?.status).toBe('contacted')
    expect(stored.data?.updated_at).not.toBe('2030-01-01T00:00:00+00:00')
  })

  it('refuses a status the schema does not know, with the database code', async () => {
    const lead = newLead()
    await insertLeads(lead)
    const admin = await createUserAndSignIn({ admin: true })
    const api = createLeadsApi(admin.client)
    await expect(api.updateLeadStatus(lead.id, 'archived' as never)).rejects.toMatchObject({ code: '23514' })
  })

  it('shows a signed-in non-admin no leads and lets them change none', async () => {
    const lead = newLead()
    await insertLeads(lead)
    const user = await createUserAndSignIn()
    const api = createLeadsApi(user.client)
    expect(await api.fetchLeads()).toEqual([])
    await expect(api.updateLeadStatus(lead.id, 'closed')).rejects.toHaveProperty('code')
    const stored = await serviceClient().from('leads').select('status').eq('id', lead.id).single()
    expect(stored.data?.status).toBe('pending')
  })

  it('refuses a reader without the admin grant with the admin-access code, whatever the backend says', async () => {
    await expect(createLeadsApi(anonClient()).fetchLeads()).rejects.toMatchObject({ code: 'admin_access_required' })
  })

  it('builds the public URL of a reference image', () => {
    const url = createLeadsApi(anonClient()).referenceImageUrl('1732000000000.png')
    expect(url).toMatch(/\/storage\/v1\/object\/public\/reference-images\/1732000000000\.png$/)
  })
})
