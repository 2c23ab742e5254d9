import { describe, expect, it } from 'vitest'
import { aNotice } from '../../src/testing/lead-fixtures.ts'
import { anonClient, serviceClient } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

async function storedLead(id: string) {
  const { data, error } = await serviceClient().from('leads').select('*').eq('id', id).maybeSingle()
  expect(error).toBeNull()
  return data
}

describe('a visitor (anon) and the leads table', () => {
  it('inserts a lead as an array of one without reading it back, stored as pending with server timestamps', async () => {
    const lead = newLead()
    const { data, error } = await anonClient().from('leads').insert([lead])
    expect(error).toBeNull()
    expect(data).toBeNull()
    const stored = await storedLead(lead.id)
    expect(stored).toMatchObject({ ...lead, status: 'pending' })
    expect(Date.now() - new Date(stored.created_at).getTime()).toBeLessThan(60_000)
    expect(stored.updated_at).toBeTruthy()
  })

  it('stores unanswered answers as empty strings', async () => {
    const lead = newLead({ metal_choice: '', gold_carat: '', stone_type: '', diamond_shape: '' })
    expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    expect(await storedLead(lead.id)).toMatchObject({ metal_choice: '', gold_carat: '', stone_type: '', diamond_shape: '' })
  })

  it('fills what a minimal lead leaves out: empty answers, no reference image, status pending', async () => {
    const id = crypto.randomUUID()
    expect((await anonClient().from('leads').insert([{ id, name: 'Ravi Kumar', phone: '9123456789', ...aNotice }])).error).toBeNull()
    expect(await storedLead(id)).toMatchObject({
      email: '',
      city: '',
      occasion: '',
      product_type: '',
      budget_range: '',
      design_preference: '',
      timeline: '',
      reference_image: null,
      status: 'pending',
    })
  })

  it('accepts the trimmed-rule edge values: 3 and 50 letter names, 2 letter city, empty email and city', async () => {
    const shortest = newLead({ name: 'Ali', city: 'Ga', email: '' })
    const longest = newLead({ name: 'A'.repeat(50), city: '' })
    expect((await anonClient().from('leads').insert([shortest])).error).toBeNull()
    expect((await anonClient().from('leads').insert([longest])).error).toBeNull()
  })

  it('cannot read leads: permission denied and no row leaks', async () => {
    const lead = newLead()
    await anonClient().from('leads').insert([lead])
    const { data, error } = await anonClient().from('leads').select('*').eq('id', lead.id)
    expect(error?.code).toBe('42501')
    expect(data ?? []).toHaveLength(0)
  })

  it('cannot read a lead back after inserting it (insert + select is refused as a whole)', async () => {
    const lead = newLead()
    const { data, error } = await anonClient().from('leads').insert([lead]).select()
    expect(error?.code).toBe('42501')
    expect(data ?? []).toHaveLength(0)
  })

  it('cannot update or delete leads; the stored row stays as it was', async () => {
    const lead = newLead()
    await anonClient().from('leads').insert([lead])
    const update = await anonClient().from('leads').update({ status: 'closed' }).eq('id', lead.id)
    expect(update.error?.code).toBe('42501')
    const removal = await anonClient().from('leads').delete().eq('id', lead.id)
    expect(removal.error?.code).toBe('42501')
    expect(await storedLead(lead.id)).toMatchObject({ status: 'pending', name: lead.name })
  })

  it('cannot create a lead with another status than pending (row-level security, 42501)', async () => {
    for (const status of ['contacted', 'closed']) {
      const lead = newLead({ status })
      const { error } = await anonClient().from('leads').insert([lead])
      expect(error?.code).toBe('42501')
      expect(error?.message).toContain('violates row-level security')
      expect(await storedLead(lead.id)).toBeNull()
    }
  })

  it('cannot choose created_at or updated_at', async () => {
    const lead = newLead({ created_at: '2000-01-01T00:00:00Z' })
    const { error } = await anonClient().from('leads').insert([lead])
    expect(error?.code).toBe('42501')
    expect(await storedLead(lead.id)).toBeNull()
  })

  it('gets 23505 (duplicate key) when the same lead id is sent twice, e.g. a retry after a lost answer', async () => {
    const lead = newLead()
    expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    const { error } = await anonClient().from('leads').insert([{ ...lead, name: 'Someone Else' }])
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('duplicate key')
    expect(await storedLead(lead.id)).toMatchObject({ name: lead.name })
  })
})
