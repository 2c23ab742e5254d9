import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUserAndSignIn, serviceClient } from '@backend/local/testing/clients'
import { newLead } from '@backend/tests/support/leads'
import type { CsvLead, LeadStatus } from '@/lib/lead-fields'
import { defaultChunkSize } from '../csv-export.machine'
import { noLeadFilters, type LeadFilters } from '../lead-query'
import type { LeadCursor } from './lead-csv-chunks'
import { createHistoryApi } from './history-api'
import { createLeadsApi } from './leads-api'

/** This file's leads carry an occasion of their own, which every export filters by (the shared backend holds others). */
const occasion = `CSV chunks ${randomUUID()}`
const mine: LeadFilters = { ...noLeadFilters, occasion }
const count = 2_600
const chunkSize = 100
const start = Date.parse('2031-06-01T00:00:00Z')

/**
 * Creation times with ties the keyset must get through: runs of 7 leads created at the same
 * instant (so chunk boundaries fall inside them), and one run of 250, more than a chunk.
 */
function createdAt(index: number): string {
  if (index >= 1000 && index < 1250) return new Date(start + 1000 * 60_000).toISOString()
  return new Date(start + Math.floor(index / 7) * 60_000).toISOString()
}

const leads = Array.from({ length: count }, (_, index) => ({
  ...newLead({
    id: `csv-${String(index).padStart(5, '0')}-${randomUUID().slice(0, 8)}`,
    email: `lead${index}@csv.test`,
    occasion,
  }),
  status: (index % 3 === 0 ? 'closed' : 'pending') as LeadStatus,
  created_at: createdAt(index),
}))

const newestFirst = (subset: typeof leads) =>
  [...subset].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((lead) => lead.id)

let api: ReturnType<typeof createLeadsApi>

/** The export's loop: chunk after chunk from the last lead written, until a short chunk. */
async function exportAll(filters: LeadFilters, size = chunkSize): Promise<CsvLead[]> {
  const written: CsvLead[] = []
  let after: LeadCursor | null = null
  for (;;) {
    const chunk = await api.fetchLeadsCsvChunk(filters, after, size, new AbortController().signal)
    expect(chunk.leads.length).toBeLessThanOrEqual(size)
    written.push(...chunk.leads)
    if (chunk.next === null) return written
    after = chunk.next
  }
}

beforeAll(async () => {
  for (let from = 0; from < count; from += 500) {
    const { error } = await serviceClient().from('leads').insert(leads.slice(from, from + 500))
    if (error) throw new Error(`arranging leads failed: ${error.message}`)
  }
  api = createLeadsApi((await createUserAndSignIn({ admin: true })).client)
}, 120_000)

describe('CSV export chunks: keyset pages through ties', () => {
  it('neither loses nor repeats a lead when the last one written stops matching mid-export', async () => {
    const filters = { ...mine, status: 'closed' as const }
    const first = await api.fetchLeadsCsvChunk(filters, null, chunkSize, new AbortController().signal)
    const last = first.leads.at(-1)!
    const changed = await serviceClient().from('leads').update({ status: 'contacted' }).eq('id', last.id)
    expect(changed.error).toBeNull()
    try {
      const second = await api.fetchLeadsCsvChunk(filters, first.next, chunkSize, new AbortController().signal)
      const written = [...first.leads, ...second.leads].map((lead) => lead.id)
      expect(second.leads.length).toBeGreaterThan(0)
      expect(written).toEqual(newestFirst(leads.filter((lead) => lead.status === 'closed')).slice(0, written.length))
    } finally {
      await serviceClient().from('leads').update({ status: 'closed' }).eq('id', last.id)
    }
  })

  it('writes every matching lead exactly once, newest first, through ties longer than a chunk', async () => {
    const written = await exportAll(mine)
    expect(written.map((lead) => lead.id)).toEqual(newestFirst(leads))
    expect(Object.keys(written[0]!).sort()).toEqual(['budget_range', 'city', 'created_at', 'email', 'id', 'name', 'occasion', 'owner_id', 'phone', 'product_type', 'status'])
  })

  it("writes every lead in the export's own chunks, which the backend's 1,000-row cap (hosted's db-max-rows) leaves whole", async () => {
    const written = await exportAll(mine, defaultChunkSize)
    expect(written.map((lead) => lead.id)).toEqual(newestFirst(leads))
  })

  it('applies the filters and the search to every chunk', async () => {
    const closed = await exportAll({ ...mine, status: 'closed' })
    expect(closed.map((lead) => lead.id)).toEqual(newestFirst(leads.filter((lead) => lead.status === 'closed')))
    const searched = await exportAll({ ...mine, status: 'closed', search: 'LEAD42' })
    const expected = leads.filter((lead) => lead.status === 'closed' && lead.email.startsWith('lead42'))
    expect(expected.length).toBeGreaterThan(1)
    expect(searched.map((lead) => lead.id)).toEqual(newestFirst(expected))
  })
})

describe('CSV export: admins only, and recorded in the history of each lead it included', () => {
  it('refuses staff with the admin-access code, and records who exported how many rows', async () => {
    const staff = await createUserAndSignIn({ role: 'staff' })
    await expect(createLeadsApi(staff.client).fetchLeadsCsvChunk(mine, null, 10, new AbortController().signal)).rejects.toMatchObject({ code: 'admin_access_required' })
    const admin = await createUserAndSignIn({ role: 'admin', displayName: 'Exporting Admin' })
    const filters = { ...mine, search: 'lead7@' }
    const chunk = await createLeadsApi(admin.client).fetchLeadsCsvChunk(filters, null, 1000, new AbortController().signal)
    expect(chunk.leads).toHaveLength(1)
    const history = await createHistoryApi(admin.client).fetchHistory(chunk.leads[0]!.id, null, new AbortController().signal)
    expect(history[0]).toMatchObject({ kind: 'csv_exported', actor_name: 'Exporting Admin', data: expect.objectContaining({ rows: 1 }) })
  })
})
