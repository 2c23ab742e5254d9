import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLeadApi } from '../../src/features/intake/api/lead-api.ts'
import { saveErrorKind, toSaveError } from '../../src/features/intake/lead/save-error-message.ts'
import { createLeadsApi } from '../../src/features/leads/api/leads-api.ts'
import { leadsCsvLines, leadsCsvStart } from '../../src/features/leads/csv-export.ts'
import { allLeads, noLeadFilters } from '../../src/features/leads/lead-query.ts'
import { anonClient, createUserAndSignIn, serviceClient } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

async function storedLanguage(id: string) {
  const { data, error } = await serviceClient().from('leads').select('language').eq('id', id).maybeSingle()
  expect(error).toBeNull()
  return data?.language as string | undefined
}

describe('the language a visitor chatted in, on the lead', () => {
  it('is stored as sent by the chat: hi reads back hi', async () => {
    const lead = newLead({ language: 'hi' })
    await createLeadApi(anonClient()).saveLead(lead)
    expect(await storedLanguage(lead.id)).toBe('hi')
  })

  it('is en when the lead leaves it out (an older client, or a lead saved before the column)', async () => {
    const lead: Record<string, unknown> = newLead()
    delete lead.language
    expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    expect(await storedLanguage(String(lead.id))).toBe('en')
  })

  it('takes any code in the format a flow translation may have, so a new language needs no migration', async () => {
    for (const language of ['ta', 'kok', 'pt-BR']) {
      const lead = newLead({ language })
      expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
      expect(await storedLanguage(lead.id)).toBe(language)
    }
  })

  const refused: [string, unknown, string][] = [
    ['an empty code', '', '23514'],
    ['a region in lower case', 'xx-evil', '23514'],
    ['a code in capitals', 'HI', '23514'],
    ['a 4-letter code', 'hind', '23514'],
    ['a code with a trailing newline', 'hi\n', '23514'],
    ['10,000 letters', 'a'.repeat(10_000), '23514'],
    ['SQL', "hi'; drop table leads;--", '23514'],
    ['markup', '<script>alert(1)</script>', '23514'],
    ['a number', 123, '23514'],
    ['null', null, '23502'],
  ]

  it.each(refused)('refuses %s with a coded error (never a 500) and stores nothing', async (_label, language, code) => {
    const lead = newLead({ language })
    const { error, status } = await anonClient().from('leads').insert([lead])
    expect(error?.code).toBe(code)
    expect(status).toBe(400)
    if (code === '23514') expect(error?.message).toContain('leads_language_check')
    expect(await storedLanguage(lead.id)).toBeUndefined()
  })

  it('refused, the chat shows the invalid-information message', async () => {
    const error = await createLeadApi(anonClient())
      .saveLead(newLead({ language: 'xx-evil' }))
      .catch((caught: unknown) => caught)
    expect(saveErrorKind(toSaveError(error))).toBe('invalid')
  })

  it('cannot be changed by an admin: only the status is theirs to update', async () => {
    const lead = newLead({ language: 'hi' })
    expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    const { client } = await createUserAndSignIn({ admin: true })
    const { error } = await client.from('leads').update({ language: 'en' }).eq('id', lead.id)
    expect(error?.code).toBe('42501')
    expect(await storedLanguage(lead.id)).toBe('hi')
  })
})

describe('the dashboard reads the language; the CSV export keeps its columns', () => {
  /** This file's leads carry an occasion of their own, which every read filters by (the shared backend holds others). */
  const occasion = `Lead language ${randomUUID()}`
  const hindi = newLead({ name: 'Meera Iyer', phone: '9000001234', occasion, language: 'hi' })
  const english = newLead({ name: 'Rahul Sen', phone: '9000005678', occasion, language: 'en' })
  let api: ReturnType<typeof createLeadsApi>

  beforeAll(async () => {
    for (const lead of [hindi, english]) expect((await anonClient().from('leads').insert([lead])).error).toBeNull()
    api = createLeadsApi((await createUserAndSignIn({ admin: true })).client)
  })

  const languagesOf = (leads: { name: string; language: string }[]) => Object.fromEntries(leads.map((lead) => [lead.name, lead.language]))

  it('pages of the leads table carry each lead language, without a search and through search_leads', async () => {
    const signal = new AbortController().signal
    const listed = await api.fetchLeadsPage({ ...allLeads, occasion }, { from: 0, to: 49 }, signal)
    expect(languagesOf(listed)).toEqual({ 'Meera Iyer': 'hi', 'Rahul Sen': 'en' })
    const searched = await api.fetchLeadsPage({ ...allLeads, occasion, search: 'meera' }, { from: 0, to: 49 }, signal)
    expect(languagesOf(searched)).toEqual({ 'Meera Iyer': 'hi' })
  })

  it('a Hindi lead exports the same columns and English answers as an English one', async () => {
    const chunk = await api.fetchLeadsCsvChunk({ ...noLeadFilters, occasion }, null, 10, new AbortController().signal)
    expect(chunk.leads.map((lead) => Object.keys(lead).sort())).toEqual([
      ['budget_range', 'city', 'created_at', 'email', 'id', 'name', 'occasion', 'owner_id', 'phone', 'product_type', 'status'],
      ['budget_range', 'city', 'created_at', 'email', 'id', 'name', 'occasion', 'owner_id', 'phone', 'product_type', 'status'],
    ])
    expect(leadsCsvStart).toBe('\uFEFFName,Phone,Email,City,Occasion,Product Type,Budget,Status,Created At,Owner\r\n')
    const meera = chunk.leads.find((lead) => lead.name === 'Meera Iyer')!
    expect(leadsCsvLines([meera], [])).toBe(
      `Meera Iyer,9000001234,${hindi.email},${hindi.city},${occasion},${hindi.product_type},${hindi.budget_range},pending,${meera.created_at},Unassigned\r\n`,
    )
  })
})
