import { expect, test } from 'vitest'
import { anonClient, serviceClient } from '@backend/local/testing/clients'
import { aLeadPayload } from '@/testing/lead-fixtures'
import type { LeadPayload } from '../lead/lead-payload'
import { saveErrorKind, toSaveError } from '../lead/save-error-message'
import { createLeadApi } from './lead-api'

const lead = (overrides: Partial<LeadPayload> = {}) => aLeadPayload({ gold_carat: '18K', diamond_shape: 'Oval', ...overrides })

async function storedLead(id: string) {
  const { data } = await serviceClient().from('leads').select('*').eq('id', id)
  return data?.[0]
}

test('a visitor saves a lead and every field is stored as sent, skipped answers empty', async () => {
  const sent = lead()
  await createLeadApi(anonClient()).saveLead(sent)
  const stored = await storedLead(sent.id)
  expect(stored).toMatchObject({ ...sent })
  expect(stored.metal_choice).toBe('')
  expect(Date.parse(stored.created_at)).toBeGreaterThan(Date.now() - 60_000)
})

test('a repeated save with the same id is refused as a duplicate and no second lead appears', async () => {
  const api = createLeadApi(anonClient())
  const sent = lead()
  await api.saveLead(sent)
  const error = await api.saveLead(sent).catch((caught: unknown) => caught)
  expect(error).toMatchObject({ code: '23505' })
  expect(saveErrorKind(toSaveError(error))).toBe('duplicate')
  const { data } = await serviceClient().from('leads').select('id').eq('phone', sent.phone).eq('id', sent.id)
  expect(data).toHaveLength(1)
})

test('a name and city in Devanagari are stored as typed; digits among them are refused', async () => {
  const api = createLeadApi(anonClient())
  const sent = lead({ name: 'प्रिया शर्मा', city: 'नई दिल्ली' })
  await api.saveLead(sent)
  expect(await storedLead(sent.id)).toMatchObject({ name: 'प्रिया शर्मा', city: 'नई दिल्ली' })
  for (const bad of [{ name: 'प्रिया१२' }, { name: 'प्रिया।' }, { city: 'दिल्ली-110001' }]) {
    const refused = lead(bad)
    expect(await api.saveLead(refused).catch((caught: unknown) => caught)).toMatchObject({ code: '23514' })
    expect(await storedLead(refused.id)).toBeUndefined()
  }
})

test('a lead that skipped the form rules gets the invalid-information error and is not stored', async () => {
  const api = createLeadApi(anonClient())
  for (const bad of [{ phone: '12345' }, { name: 'R2D2 Robot' }, { email: 'not-an-email' }, { city: 'P' }]) {
    const sent = lead(bad)
    const error = await api.saveLead(sent).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: '23514' })
    expect(saveErrorKind(toSaveError(error))).toBe('invalid')
    expect(await storedLead(sent.id)).toBeUndefined()
  }
})

test('a visitor cannot save a lead with another status', async () => {
  const sent = { ...lead(), status: 'closed' } as unknown as LeadPayload
  const error = await createLeadApi(anonClient()).saveLead(sent).catch((caught: unknown) => caught)
  expect(saveErrorKind(toSaveError(error))).toBe('security')
  expect(await storedLead(sent.id)).toBeUndefined()
})
