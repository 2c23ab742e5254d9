import { describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

async function insertAsVisitor(lead: Record<string, unknown>) {
  return (await anonClient().from('leads').insert([lead])).error
}

async function isStored(id: unknown) {
  const { data } = await serviceClient().from('leads').select('id').eq('id', String(id))
  return (data ?? []).length > 0
}

const invalidFields: [string, Record<string, unknown>, string][] = [
  ['a 9-digit phone', { phone: '987654321' }, 'leads_phone_check'],
  ['an 11-digit phone', { phone: '98765432101' }, 'leads_phone_check'],
  ['a phone with a letter', { phone: '98765x3210' }, 'leads_phone_check'],
  ['a phone with a leading +91', { phone: '+919876543210' }, 'leads_phone_check'],
  ['a 2-letter name', { name: 'Al' }, 'leads_name_check'],
  ['a name that is only spaces around 2 letters', { name: '  Al  ' }, 'leads_name_check'],
  ['a 51-letter name', { name: 'A'.repeat(51) }, 'leads_name_check'],
  ['digits in the name', { name: 'Asha 2' }, 'leads_name_check'],
  ['punctuation in the name', { name: "Asha O'Rao" }, 'leads_name_check'],
  ['markup in the name', { name: '<script>alert(1)</script>' }, 'leads_name_check'],
  ['an email without @', { email: 'asha.example.com' }, 'leads_email_check'],
  ['an email without a domain dot', { email: 'asha@example' }, 'leads_email_check'],
  ['an email with a space', { email: 'asha rao@example.com' }, 'leads_email_check'],
  ['an email of 256 characters', { email: `${'a'.repeat(244)}@example.com` }, 'leads_email_check'],
  ['a 1-letter city', { city: 'P' }, 'leads_city_check'],
  ['a 51-letter city', { city: 'P'.repeat(51) }, 'leads_city_check'],
  ['digits in the city', { city: 'Pune 411001' }, 'leads_city_check'],
  ['a 201-character answer', { occasion: 'x'.repeat(201) }, 'leads_occasion_check'],
  ['a 100,000-character answer', { timeline: 'x'.repeat(100_000) }, 'leads_timeline_check'],
  ['a 301-character reference image path', { reference_image: 'x'.repeat(301) }, 'leads_reference_image_check'],
  ['an id with a slash', { id: 'abc/def' }, 'leads_id_check'],
  ['an id of 65 characters', { id: 'a'.repeat(65) }, 'leads_id_check'],
  ['an empty id', { id: '' }, 'leads_id_check'],
]

describe('the database refuses invalid leads whatever the client checked', () => {
  it.each(invalidFields)('refuses %s with 23514 naming the constraint', async (_label, fields, constraint) => {
    const lead = newLead(fields)
    const error = await insertAsVisitor(lead)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain(constraint)
    expect(await isStored(lead.id)).toBe(false)
  })

  it('refuses an unknown status through the visitor policy (42501) before the status CHECK', async () => {
    const lead = newLead({ status: 'won' })
    expect((await insertAsVisitor(lead))?.code).toBe('42501')
    expect(await isStored(lead.id)).toBe(false)
  })

  it('refuses a lead without a name with 23502', async () => {
    const lead: Record<string, unknown> = newLead()
    delete lead.name
    const error = await insertAsVisitor(lead)
    expect(error?.code).toBe('23502')
    expect(await isStored(lead.id)).toBe(false)
  })

  it('refuses a lead without a phone with 23502', async () => {
    const lead: Record<string, unknown> = newLead()
    delete lead.phone
    const error = await insertAsVisitor(lead)
    expect(error?.code).toBe('23502')
    expect(await isStored(lead.id)).toBe(false)
  })

  it('refuses null answers with 23502 (unanswered answers are empty strings)', async () => {
    const lead = newLead({ occasion: null })
    expect((await insertAsVisitor(lead))?.code).toBe('23502')
  })

  it('accepts the client id fallback made of the time plus a random part', async () => {
    const lead = newLead({ id: `${Date.now()}-k3j9x2q` })
    expect(await insertAsVisitor(lead)).toBeNull()
    expect(await isStored(lead.id)).toBe(true)
  })

  it('stores hostile text in answers verbatim, as data', async () => {
    const hostile = `'); drop table leads; --`
    const lead = newLead({ design_preference: hostile })
    expect(await insertAsVisitor(lead)).toBeNull()
    const { data } = await serviceClient().from('leads').select('design_preference').eq('id', lead.id).single()
    expect(data?.design_preference).toBe(hostile)
  })
})
