import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '@backend/local/testing/clients'
import { newLead } from '@backend/tests/support/leads'
import { onePixelPng, uploadName } from '@backend/tests/support/images'
import type { LeadStatus } from '@/lib/lead-fields'
import { allLeads, leadSortColumns, type LeadQuery, type LeadSortColumn } from '../lead-query'
import { createLeadsApi, referenceImageUrlLifetime } from './leads-api'

/** The shared backend holds other tests' leads: this file's carry an occasion of their own, which every query filters by. */
const occasion = `Leads api ${randomUUID()}`
const mine: LeadQuery = { ...allLeads, occasion }
const above = 'Above ₹2.5L'
const upTo = 'Up to ₹50,000'
const start = Date.parse('2031-03-01T10:00:00Z')

/** Emails carry the characters a search must take literally. */
const rows: [string, string, string, string, string, string, LeadStatus, number][] = [
  ['Asha Rao', '9876543210', 'asha.rao@mail.test', 'Pune', 'Ring', upTo, 'pending', 0],
  ['Bela Kumar', '9000000001', 'per%cent@mail.test', 'Mumbai', 'Pendant', above, 'contacted', 1],
  ['Chitra Iyer', '9000000002', 'percent@mail.test', 'Chennai', 'Ring', above, 'pending', 2],
  ['Dev Anand', '9000000003', 'under_score@mail.test', 'Delhi', 'Bangles', '', 'closed', 3],
  ['Esha Gupta', '9000000004', 'underXscore@mail.test', 'Pune', 'Necklace', upTo, 'pending', 4],
  ['Farid Khan', '9000000005', 'back\\slash@mail.test', 'Kochi', 'Ring', upTo, 'contacted', 5],
  ['Gita Menon', '9000000006', "o'brien@mail.test", 'Kochi', 'Earrings', above, 'pending', 6],
  ['Hari Nair', '9000000007', 'say"hi"@mail.test', 'Goa', 'Ring', '', 'closed', 7],
  ['Indu Shah', '9000000008', 'comma,here@mail.test', 'Surat', 'Ring', above, 'pending', 8],
  ['Jai Verma', '9000000009', 'paren(open)@mail.test', 'Agra', 'Bracelet', upTo, 'pending', 9],
  ['Kavya Das', '9000000010', 'smile😀@mail.test', 'Patna', 'Ring', upTo, 'contacted', 10],
  ['Lata Joshi', '9000000011', 'lata@mail.test', 'Pune', 'Ring', above, 'pending', 10],
]

const leads = rows.map(([name, phone, email, city, product_type, budget_range, status, hours]) => ({
  ...newLead({ id: `api-${randomUUID()}`, name, phone, email, city, occasion, product_type, budget_range, status }),
  status,
  created_at: new Date(start + hours * 3_600_000).toISOString(),
}))

type StoredLead = (typeof leads)[number]

const byName = (...names: string[]) => names.map((name) => leads.find((lead) => lead.name === name)!.id)
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const sortValue: Record<LeadSortColumn, (lead: StoredLead) => string[]> = {
  customer: (lead) => [lead.name],
  requirements: (lead) => [lead.product_type, lead.occasion],
  budget: (lead) => [lead.budget_range],
  status: (lead) => [lead.status],
  created: (lead) => [lead.created_at],
}

/** The table's order: the column, ties newest first; by creation time, ties by id in the same direction. */
function expectedOrder(sort: LeadQuery['sort'], subset: StoredLead[] = leads): string[] {
  return [...subset]
    .sort((a, b) => {
      const time = Date.parse(a.created_at) - Date.parse(b.created_at)
      if (!sort) return -time || -compare(a.id, b.id)
      const values = sortValue[sort.column]
      const difference = values(a).map((value, index) => compare(value, values(b)[index]!)).find((d) => d !== 0) ?? 0
      if (difference !== 0) return sort.descending ? -difference : difference
      return sort.column === 'created' ? (sort.descending ? -compare(a.id, b.id) : compare(a.id, b.id)) : -time || -compare(a.id, b.id)
    })
    .map((lead) => lead.id)
}

const signal = () => new AbortController().signal
let admin: SignedInUser
let api: ReturnType<typeof createLeadsApi>

/** Every lead of a query, page by page, as the table scrolls through them. */
async function allPages(query: LeadQuery, pageSize: number): Promise<string[]> {
  const ids: string[] = []
  for (let from = 0; ; from += pageSize) {
    const page = await api.fetchLeadsPage(query, { from, to: from + pageSize - 1 }, signal())
    ids.push(...page.map((lead) => lead.id))
    if (page.length < pageSize) return ids
  }
}

beforeAll(async () => {
  const { error } = await serviceClient().from('leads').insert(leads)
  if (error) throw new Error(`arranging leads failed: ${error.message}`)
  admin = await createUserAndSignIn({ admin: true })
  api = createLeadsApi(admin.client)
})

describe('leads api: the leads tab asks the database', () => {
  it('pages through every sort order, either direction, with the exact count', async () => {
    const sorts = [null, ...leadSortColumns.flatMap((column) => [false, true].map((descending) => ({ column, descending })))]
    for (const sort of sorts) {
      expect(await allPages({ ...mine, sort }, 5), JSON.stringify(sort)).toEqual(expectedOrder(sort))
    }
    expect(await api.countLeads(mine, signal())).toBe(leads.length)
  })

  it('combines the search with the status and budget filters, counted exactly', async () => {
    const query: LeadQuery = { ...mine, search: 'MAIL.test', status: 'pending', budget: above }
    const expected = leads.filter((lead) => lead.status === 'pending' && lead.budget_range === above)
    expect(await allPages(query, 2)).toEqual(expectedOrder(null, expected))
    expect(await api.countLeads(query, signal())).toBe(expected.length)
    expect(await api.countLeads({ ...mine, status: 'closed' }, signal())).toBe(2)
  })

  it('pages to the end: a last partial page, then an empty page at the total, never an error', async () => {
    const newestFirst = expectedOrder(null)
    const last = await api.fetchLeadsPage(mine, { from: 10, to: 14 }, signal())
    expect(last.map((lead) => lead.id)).toEqual(newestFirst.slice(10))
    expect(await api.fetchLeadsPage(mine, { from: 12, to: 16 }, signal())).toEqual([])
  })

  it.each([
    ['a name, whatever its case', 'ASHA', ['Asha Rao']],
    ['part of a phone number', '98765', ['Asha Rao']],
    ['a city, surrounded by spaces', '  kochi ', ['Gita Menon', 'Farid Khan']],
    ['%', '%', ['Bela Kumar']],
    ['_', 'under_score', ['Dev Anand']],
    ['\\', 'back\\slash', ['Farid Khan']],
    ["'", "o'brien", ['Gita Menon']],
    ['"', '"hi"', ['Hari Nair']],
    [',', 'comma,here', ['Indu Shah']],
    ['( and )', 'paren(open)', ['Jai Verma']],
    ['an emoji', '😀', ['Kavya Das']],
    ['SQL', "'; delete from public.leads; --", []],
    ['1,000 characters', 'x'.repeat(1000), []],
    ['a term across two fields', 'rao9876', []],
  ])('matches %s literally, as a case-insensitive substring of name, phone, email or city', async (_label, search, names) => {
    const query = { ...mine, search }
    expect((await api.fetchLeadsPage(query, { from: 0, to: 49 }, signal())).map((lead) => lead.id)).toEqual(byName(...names))
    expect(await api.countLeads(query, signal())).toBe(names.length)
  })

  it('does not search the occasion, and answers nothing for a term nobody has', async () => {
    expect(await api.countLeads({ ...mine, search: 'Leads api' }, signal())).toBe(0)
  })

  it('counts every lead, or those of a status, from the dashboard counters', async () => {
    const total = await api.countLeads(allLeads, signal())
    const byStatus = await Promise.all((['pending', 'contacted', 'closed'] as const).map((status) => api.countLeads({ ...allLeads, status }, signal())))
    expect(total).toBeGreaterThanOrEqual(leads.length)
    expect(byStatus.reduce((sum, count) => sum + count, 0)).toBe(total)
  })

  it('stops a request when its signal aborts', async () => {
    const controller = new AbortController()
    const page = api.fetchLeadsPage(mine, { from: 0, to: 49 }, controller.signal)
    controller.abort()
    await expect(page).rejects.toMatchObject({ message: expect.stringMatching(/abort/i) })
  })
})

describe('leads api: status changes and access', () => {
  it('updates status and updated_at, and the change is stored', async () => {
    const lead = newLead({ id: `api-${randomUUID()}`, updated_at: '2030-01-01T00:00:00Z' })
    await serviceClient().from('leads').insert(lead)
    const seen = (await api.fetchLead(lead.id))!.updated_at
    const updated = await api.updateLead(lead.id, { status: 'contacted' }, seen)
    expect(updated).toMatchObject({ outcome: 'saved', lead: { status: 'contacted' } })
    const stored = await serviceClient().from('leads').select('status, updated_at').eq('id', lead.id).single()
    expect(stored.data?.status).toBe('contacted')
    expect(stored.data?.updated_at).not.toBe('2030-01-01T00:00:00+00:00')
  })

  it('refuses a status the schema does not know, with the database code', async () => {
    const lead = newLead({ id: `api-${randomUUID()}` })
    await serviceClient().from('leads').insert(lead)
    await expect(api.updateLead(lead.id, { status: 'archived' as never }, null)).rejects.toMatchObject({ code: '23514' })
  })

  it('shows a signed-in non-admin no leads and lets them change none', async () => {
    const user = await createUserAndSignIn()
    const theirs = createLeadsApi(user.client)
    expect(await theirs.fetchLeadsPage({ ...mine, search: 'a' }, { from: 0, to: 49 }, signal())).toEqual([])
    expect(await theirs.countLeads({ ...mine, search: 'a' }, signal())).toBe(0)
    await expect(theirs.updateLead(leads[0]!.id, { status: 'closed' }, null)).rejects.toHaveProperty('code')
  })

  it('refuses a reader without the admin grant with the admin-access code', async () => {
    const visitor = createLeadsApi(anonClient())
    await expect(visitor.fetchLeadsPage(allLeads, { from: 0, to: 9 }, signal())).rejects.toMatchObject({ code: 'admin_access_required' })
    await expect(visitor.countLeads({ ...allLeads, search: 'a' }, signal())).rejects.toMatchObject({ code: 'admin_access_required' })
    await expect(visitor.countLeads(allLeads, signal())).rejects.toMatchObject({ code: 'admin_access_required' })
  })

  describe('signed URLs of reference images', () => {
    async function visitorImage(): Promise<string> {
      const name = uploadName()
      const { error } = await anonClient().storage.from('reference-images').upload(name, onePixelPng, { contentType: 'image/png' })
      expect(error).toBeNull()
      return name
    }

    it('gives an admin a URL of ten minutes that serves the image, a new one each time', async () => {
      const name = await visitorImage()
      const first = await api.signReferenceImage(name)
      const served = await fetch(first)
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png'])
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(onePixelPng)
      const token = new URL(first).searchParams.get('token')!
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number }
      expect(claims.exp - claims.iat).toBe(referenceImageUrlLifetime)
      expect(referenceImageUrlLifetime).toBe(600)
    })

    it('answers a missing image, and a reader the bucket does not admit, with the missing code', async () => {
      await expect(api.signReferenceImage(uploadName())).rejects.toMatchObject({ code: 'reference_image_missing' })
      const name = await visitorImage()
      await expect(createLeadsApi(anonClient()).signReferenceImage(name)).rejects.toMatchObject({ code: 'reference_image_missing' })
      const user = await createUserAndSignIn()
      await expect(createLeadsApi(user.client).signReferenceImage(name)).rejects.toMatchObject({ code: 'reference_image_missing' })
    })

    it('never asks Storage about a value that names no image of the bucket', async () => {
      for (const value of ['../../etc/passwd.png', 'https://evil.example/a.png', '', 'other-bucket/a.png']) {
        await expect(api.signReferenceImage(value), value).rejects.toMatchObject({ code: 'not_a_reference_image' })
      }
    })
  })
})

describe('leads api: owners and changes made meanwhile', () => {
  const storedLead = async () => {
    const lead = newLead({ id: `owner-${randomUUID()}` })
    const { error } = await serviceClient().from('leads').insert(lead)
    expect(error).toBeNull()
    return lead.id
  }

  it('lets staff take an unassigned lead and release it; an admin gives it to anyone in the team', async () => {
    const [admin, staff] = await Promise.all([createUserAndSignIn({ role: 'admin' }), createUserAndSignIn({ role: 'staff' })])
    const asStaff = createLeadsApi(staff.client)
    const asAdmin = createLeadsApi(admin.client)
    const id = await storedLead()
    const taken = await asStaff.updateLead(id, { owner_id: staff.userId }, (await asStaff.fetchLead(id))!.updated_at)
    expect(taken).toMatchObject({ outcome: 'saved', lead: { owner_id: staff.userId } })
    const released = await asStaff.updateLead(id, { owner_id: null }, taken.lead.updated_at)
    expect(released).toMatchObject({ outcome: 'saved', lead: { owner_id: null } })
    const given = await asAdmin.updateLead(id, { owner_id: staff.userId }, released.lead.updated_at)
    expect(given.lead.owner_id).toBe(staff.userId)
  })

  it('writes nothing over a change made since the lead was read, and answers the lead as it is now', async () => {
    const [admin, staff] = await Promise.all([createUserAndSignIn({ role: 'admin' }), createUserAndSignIn({ role: 'staff' })])
    const asStaff = createLeadsApi(staff.client)
    const asAdmin = createLeadsApi(admin.client)
    const id = await storedLead()
    const seenByBoth = (await asAdmin.fetchLead(id))!.updated_at
    await asStaff.updateLead(id, { status: 'contacted' }, seenByBoth)
    const late = await asAdmin.updateLead(id, { status: 'closed' }, seenByBoth)
    expect(late).toMatchObject({ outcome: 'changedMeanwhile', lead: { status: 'contacted' } })
    const stored = await serviceClient().from('leads').select('status').eq('id', id).single()
    expect(stored.data?.status).toBe('contacted')
  })

  it('refuses an owner who is not in the team with its code and message', async () => {
    const [admin, outsider] = await Promise.all([createUserAndSignIn({ role: 'admin' }), createUserAndSignIn()])
    const id = await storedLead()
    await expect(createLeadsApi(admin.client).updateLead(id, { owner_id: outsider.userId }, null)).rejects.toMatchObject({
      code: 'owner_not_member',
      message: 'That person is no longer in the team',
    })
  })

  it("tells staff a lead another member took is no longer theirs to change", async () => {
    const [first, second] = await Promise.all([createUserAndSignIn({ role: 'staff' }), createUserAndSignIn({ role: 'staff' })])
    const id = await storedLead()
    const seen = (await createLeadsApi(second.client).fetchLead(id))!.updated_at
    await createLeadsApi(first.client).updateLead(id, { owner_id: first.userId }, seen)
    await expect(createLeadsApi(second.client).updateLead(id, { owner_id: second.userId }, seen)).rejects.toMatchObject({ code: 'lead_unavailable' })
  })
})
