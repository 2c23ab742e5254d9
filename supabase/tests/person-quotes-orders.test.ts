import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { onePixelPng, uploadName } from './support/images.ts'
import { manageTokenHashOf } from './support/manage-token.ts'
import { createdQuote, draftOf, sharedQuote, type QuoteRow } from './support/quotes.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend
const draft = draftOf({ kind: 'other', label: 'Pendant', amount_paise: 100_000 })

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

async function designImage(quoteId: string): Promise<string> {
  const name = `${quoteId}/${randomBytes(16).toString('hex')}.png`
  expect((await team.admin.client.storage.from('design-images').upload(name, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  return name
}

/** A person's lead with a reference image, a superseded quote and an approved one (so an order), each with a design image. */
async function arrangePerson(phone: string) {
  const reference = uploadName()
  expect((await team.anonClient().storage.from('reference-images').upload(reference, onePixelPng, { contentType: 'image/png' })).error).toBeNull()
  const leadId = await arrangeLead(team.serviceClient(), { phone, reference_image: reference })
  const first = await createdQuote(team.admin.client, leadId, draft)
  const firstImage = await designImage(first.id)
  const firstLink = await sharedQuote(team.admin.client, first.id)
  const second = (await team.admin.client.rpc('quote_revise', { quote_id: first.id })).data as QuoteRow
  const secondImage = await designImage(second.id)
  const secondLink = await sharedQuote(team.admin.client, second.id)
  expect((await team.anonClient().rpc('quote_approve', { token: secondLink.token, name: 'Asha' })).error).toBeNull()
  return { phone, leadId, quoteIds: [first.id, second.id], tokens: [firstLink.token, secondLink.token], files: { reference, designs: [firstImage, secondImage] } }
}

type Person = Awaited<ReturnType<typeof arrangePerson>>

async function leftOf(person: Person) {
  const service = team.serviceClient()
  const [quotes, orders] = await Promise.all([
    service.from('quotes').select('id').in('id', person.quoteIds),
    service.from('orders').select('id').in('quote_id', person.quoteIds),
  ])
  return { quotes: quotes.data!.length, orders: orders.data!.length }
}

describe('erase_person with quotes and orders', () => {
  let person: Person
  let bystander: Person

  beforeAll(async () => {
    person = await arrangePerson('9822200001')
    bystander = await arrangePerson('9822200002')
  })

  it('erases the person\u2019s quotes and orders, counts them in the tombstone and names their design images with the reference image', async () => {
    expect(await leftOf(person)).toEqual({ quotes: 2, orders: 1 })
    const { data, error } = await team.admin.client.rpc('erase_person', { phone: person.phone })
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 1, quotes: 2, orders: 1, files: 3 })
    expect(data.paths).toEqual([
      { bucket_id: 'reference-images', name: person.files.reference },
      ...[...person.files.designs].sort().map((name) => ({ bucket_id: 'design-images', name })),
    ])
    expect(await leftOf(person)).toEqual({ quotes: 0, orders: 0 })
    expect(await leftOf(bystander)).toEqual({ quotes: 2, orders: 1 })

    const { data: tombstone } = await team.admin.client.from('erasures').select('quotes, orders, files').eq('id', data.erasure_id).single()
    expect(tombstone).toEqual({ quotes: 2, orders: 1, files: 3 })
    const [audited] = await asSuperuser<{ detail: Record<string, unknown> }>(team.backend.context.db,
      "select detail from public.audit_events where kind = 'erasure' order by id desc limit 1")
    expect(audited!.detail).toMatchObject({ quotes: 2, orders: 1, files: 3 })
    expect(JSON.stringify(tombstone) + JSON.stringify(audited)).not.toContain(person.phone)
  })

  it('stops the customer\u2019s links', async () => {
    for (const token of person.tokens) {
      const { status, error } = await team.anonClient().rpc('quote_for_customer', { token })
      expect([status, error?.code]).toEqual([404, 'link_not_valid'])
    }
    expect((await team.anonClient().rpc('quote_for_customer', { token: bystander.tokens[1] })).error).toBeNull()
  })

  it('keeps the design images pending until the admin removes them through Storage', async () => {
    const pending = await team.admin.client.from('pending_file_erasures').select('bucket_id, name').order('name')
    expect(pending.data).toEqual(expect.arrayContaining(person.files.designs.map((name) => ({ bucket_id: 'design-images', name }))))
    const removed = await team.admin.client.storage.from('design-images').remove(person.files.designs)
    expect(removed.data?.map((object) => object.name).sort()).toEqual([...person.files.designs].sort())
    expect((await team.admin.client.storage.from('reference-images').remove([person.files.reference])).error).toBeNull()
    expect((await team.admin.client.rpc('file_erasures_done')).data).toBe(3)
    expect((await team.admin.client.from('pending_file_erasures').select('name')).data).toEqual([])
    const bystanderImages = await asSuperuser(team.backend.context.db,
      "select name from storage.objects where bucket_id = 'design-images' and name = any($1)", [bystander.files.designs])
    expect(bystanderImages).toHaveLength(2)
  })

  it('answers zero quotes and orders for a person with none', async () => {
    const leadId = await arrangeLead(team.serviceClient(), { phone: '9822200003' })
    const { data, error } = await team.admin.client.rpc('erase_person', { phone: '9822200003' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 1, quotes: 0, orders: 0, files: 0, paths: [] })
    expect((await team.serviceClient().from('leads').select('id').eq('id', leadId)).data).toEqual([])
  })
})

describe('the retention job with quotes and orders', () => {
  /** Moves a lead, its quotes and its orders `days` into the past. */
  async function age(leadId: string, days: number) {
    await team.backend.context.db.transaction(async (sql) => {
      await sql.query('set local session_replication_role = replica')
      await sql.query('update public.leads set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) where id = $1', [leadId, days])
      await sql.query('update public.quotes set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) where lead_id = $1', [leadId, days])
      await sql.query('update public.orders set created_at = now() - make_interval(days => $2), stage_changed_at = now() - make_interval(days => $2) where lead_id = $1', [leadId, days])
    })
  }

  async function quotedLead(approved: boolean): Promise<string> {
    const leadId = await arrangeLead(team.serviceClient())
    const quote = await createdQuote(team.admin.client, leadId, draft)
    const { token } = await sharedQuote(team.admin.client, quote.id)
    if (approved) expect((await team.anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    return leadId
  }

  it('keeps an open lead with an order however old, counts a recent quote as activity, and erases an old unconverted quote', async () => {
    const withOrder = await quotedLead(true)
    await age(withOrder, 400)
    const recentlyQuoted = await quotedLead(false)
    await age(recentlyQuoted, 400)
    await asSuperuser(team.backend.context.db, 'update public.quotes set updated_at = now() - interval \'10 days\' where lead_id = $1', [recentlyQuoted])
    const oldQuote = await quotedLead(false)
    await age(oldQuote, 400)

    const [ran] = await asSuperuser<{ result: { erasure_id: string } }>(team.backend.context.db, 'select private.run_retention() as result')
    const { data } = await team.serviceClient().from('leads').select('id').in('id', [withOrder, recentlyQuoted, oldQuote])
    expect(data!.map((row) => row.id).sort()).toEqual([withOrder, recentlyQuoted].sort())
    const { data: tombstone } = await team.admin.client.from('erasures').select('leads, quotes, orders').eq('id', ran!.result.erasure_id).single()
    expect(tombstone).toEqual({ leads: 1, quotes: 1, orders: 0 })
  })
})

describe('my_data_get with quotes and orders', () => {
  /** The person's own my-data token, as the code flow gives it. */
  async function myDataToken(phone: string): Promise<string> {
    expect((await team.anonClient().rpc('my_data_request_code', { phone })).error).toBeNull()
    const { data: requests } = await team.serviceClient().from('data_access_requests').select('id').eq('phone', phone).eq('kind', 'access_code')
    const sent = await team.staff.client.rpc('data_request_send_code', { request_id: requests![0]!.id })
    expect(sent.error).toBeNull()
    const opened = await team.anonClient().rpc('my_data_open_with_code', { phone, code: sent.data.code })
    expect(opened.error).toBeNull()
    return opened.data.token as string
  }

  it('shows the person every version of their quotes and their orders, and nobody else\u2019s', async () => {
    const person = await arrangePerson('9822200011')
    const other = await arrangePerson('9822200012')
    const { data, error } = await team.anonClient().rpc('my_data_get', { token: await myDataToken(person.phone) })
    expect(error).toBeNull()
    expect(data.quotes).toMatchObject([
      { lead_id: person.leadId, version: 1, status: 'superseded', total_paise: 103_000, design_images: [person.files.designs[0]] },
      { lead_id: person.leadId, version: 2, status: 'approved', approved_name: 'Asha', design_images: [person.files.designs[1]] },
    ])
    expect(data.quotes[0].lines).toEqual([{ kind: 'other', label: 'Pendant', amount_paise: 100_000 }])
    expect(data.orders).toMatchObject([{ lead_id: person.leadId, version: 2, stage: 'approved', total_paise: 103_000 }])
    expect(JSON.stringify(data)).not.toContain(other.leadId)
    expect(JSON.stringify(data)).not.toContain(manageTokenHashOf(person.tokens[1]!))
  })
})
