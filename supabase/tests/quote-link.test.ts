import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local/local-backend.ts'
import { clientFor, clientsOf, type SignedInUser } from '../local/testing/clients.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { outcome } from './support/bookings.ts'
import { manageTokenHashOf as hashOf } from './support/manage-token.ts'
import { createdQuote, draftOf, istDate, setRate, sharedQuote, type QuoteRow } from './support/quotes.ts'
import { arrangeLead } from './support/team-backend.ts'

let backend: RunningBackend
let admin: SignedInUser
let lastOctet = 0

/** A customer at an address of its own, so no two tests share a per-address count. */
function customer(address = `203.0.113.${++lastOctet}`) {
  return clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })
}

const service = () => clientFor(backend.url, backend.serviceRoleKey)

const ring = draftOf(
  { kind: 'metal', metal: 'gold_22k', weight_mg: 4_250 },
  { kind: 'making', basis: 'percent', percent_bps: 1_200 },
  { kind: 'stone', stone_type: 'Diamond', count: 2, carat_mct: 250, price_each_paise: 1_850_000, certificate: 'IGI 123' },
)

beforeAll(async () => {
  backend = await startOwnBackend()
  admin = await clientsOf(backend).createUserAndSignIn({ admin: true })
  await setRate(admin.client, 'gold_22k', 685_000)
})

afterAll(async () => {
  await backend?.close()
})

interface Shared {
  token: string
  quote: QuoteRow
  leadId: string
}

/** A lead's quote shared with the customer, as the dashboard makes it. */
async function shared(leadOverrides: Record<string, unknown> = {}): Promise<Shared> {
  const leadId = await arrangeLead(service(), leadOverrides)
  const quote = await createdQuote(admin.client, leadId, ring)
  const { token } = await sharedQuote(admin.client, quote.id)
  return { token, quote, leadId }
}

async function stored(id: string) {
  const { data } = await service().from('quotes').select('*').eq('id', id).single()
  return data as QuoteRow
}

async function ordersOf(quoteId: string) {
  const { data } = await service().from('orders').select('*').eq('quote_id', quoteId)
  return data as { id: string; stage: string; total_paise: number; lead_id: string }[]
}

async function lastEvent(leadId: string) {
  const [event] = await asSuperuser<{ kind: string; actor_name: string; actor_id: string | null; data: Record<string, unknown> }>(backend.context.db,
    'select kind, actor_name, actor_id, data from public.lead_events where lead_id = $1 order by id desc limit 1', [leadId])
  return event
}

const expire = (id: string) => asSuperuser(backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [id, istDate(-1)])

describe('quote_for_customer', () => {
  it('answers what the customer\u2019s page shows, and nothing else', async () => {
    const { token, quote } = await shared({ name: '  Asha Verma ', language: 'hi' })
    const { data, error } = await customer().rpc('quote_for_customer', { token })
    expect(error).toBeNull()
    expect(Object.keys(data).sort()).toEqual([
      'approved_at', 'approved_name', 'customer_comment', 'design_images', 'discount_paise', 'first_name', 'gst_bps', 'gst_paise', 'language',
      'lines', 'reference_image', 'status', 'subtotal_paise', 'taxable_paise', 'total_paise', 'valid_until', 'version',
    ])
    expect(data).toMatchObject({
      version: 1, status: 'shared', valid_until: istDate(7), language: 'hi', first_name: 'Asha',
      subtotal_paise: quote.subtotal_paise, gst_paise: quote.gst_paise, total_paise: quote.total_paise, gst_bps: 300,
    })
    expect(data.lines[0]).toEqual({ kind: 'metal', metal: 'gold_22k', label: 'Gold 22K', weight_mg: 4_250, rate_paise_per_gram: 685_000, amount_paise: 2_911_250 })
    expect(JSON.stringify(data)).not.toContain(quote.lead_id)
  })

  it.each([
    ['a tampered token', (t: string) => (t[0] === 'A' ? 'B' : 'A') + t.slice(1)],
    ['a malformed token', () => 'not a token'],
    ['an empty token', () => ''],
    ['a huge token', () => 'A'.repeat(100_000)],
    ['the hash instead of the token', (t: string) => hashOf(t)],
    ['a hostile token', () => "' or 1=1 --"],
    ['null', () => null],
  ])('answers %s 404 link_not_valid', async (_label, tamper) => {
    const { token } = await shared()
    expect(await outcome(customer().rpc('quote_for_customer', { token: tamper(token) }))).toEqual([404, 'link_not_valid'])
  })

  it('answers an expired quote 410 quote_expired, and a superseded one 410 quote_superseded', async () => {
    const old = await shared()
    await expire(old.quote.id)
    expect(await outcome(customer().rpc('quote_for_customer', { token: old.token }))).toEqual([410, 'quote_expired'])

    const first = await shared()
    const revised = (await admin.client.rpc('quote_revise', { quote_id: first.quote.id })).data as QuoteRow
    expect((await customer().rpc('quote_for_customer', { token: first.token })).error).toBeNull()
    const second = await sharedQuote(admin.client, revised.id)
    expect(await outcome(customer().rpc('quote_for_customer', { token: first.token }))).toEqual([410, 'quote_superseded'])
    expect((await customer().rpc('quote_for_customer', { token: second.token })).data).toMatchObject({ version: 2, status: 'shared' })
  })

  it('still shows an approved quote after its date', async () => {
    const { token, quote } = await shared()
    expect((await customer().rpc('quote_approve', { token, name: 'Asha Verma' })).error).toBeNull()
    await expire(quote.id)
    expect((await customer().rpc('quote_for_customer', { token })).data).toMatchObject({ status: 'approved', approved_name: 'Asha Verma' })
  })
})

describe('quote_approve', () => {
  it('approves the version with the time and the name, creates its order and records both as the visitor\u2019s', async () => {
    const { token, quote, leadId } = await shared()
    const before = Date.now()
    const { data, error } = await customer().rpc('quote_approve', { token, name: '  Asha Verma  ' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'approved', approved_name: 'Asha Verma', version: 1 })
    const row = await stored(quote.id)
    expect(row).toMatchObject({ status: 'approved', approved_name: 'Asha Verma', total_paise: quote.total_paise })
    expect(new Date(row.approved_at!).getTime()).toBeGreaterThanOrEqual(before - 5_000)
    const orders = await ordersOf(quote.id)
    expect(orders).toMatchObject([{ stage: 'approved', total_paise: quote.total_paise, lead_id: leadId }])
    expect(await lastEvent(leadId)).toEqual({
      kind: 'quote_approved', actor_name: 'Visitor', actor_id: null,
      data: { quote_id: quote.id, version: 1, name: 'Asha Verma', order_id: orders[0]!.id, total_paise: quote.total_paise },
    })
  })

  it('refuses a second approval with 409 already_approved, also after the date, keeping one order', async () => {
    const { token, quote } = await shared()
    expect((await customer().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    expect(await outcome(customer().rpc('quote_approve', { token, name: 'Someone Else' }))).toEqual([409, 'already_approved'])
    await expire(quote.id)
    expect(await outcome(customer().rpc('quote_approve', { token, name: 'Asha' }))).toEqual([409, 'already_approved'])
    expect(await stored(quote.id)).toMatchObject({ approved_name: 'Asha' })
    expect(await ordersOf(quote.id)).toHaveLength(1)
  })

  it('lets two approvals at once make one order: one 200, one 409', async () => {
    const { token, quote } = await shared()
    const answers = await Promise.all([customer(), customer()].map((client) => outcome(client.rpc('quote_approve', { token, name: 'Asha' }))))
    expect(answers.sort()).toEqual([[200, null], [409, 'already_approved']])
    expect(await ordersOf(quote.id)).toHaveLength(1)
  })

  it.each([
    ['an expired quote', async (s: Shared) => { await expire(s.quote.id) }, 410, 'quote_expired'],
    ['a superseded version', async (s: Shared) => {
      const revised = (await admin.client.rpc('quote_revise', { quote_id: s.quote.id })).data as QuoteRow
      await sharedQuote(admin.client, revised.id)
    }, 410, 'quote_superseded'],
  ])('refuses %s with its code, creating no order', async (_label, arrange, status, code) => {
    const s = await shared()
    await arrange(s)
    expect(await outcome(customer().rpc('quote_approve', { token: s.token, name: 'Asha' }))).toEqual([status, code])
    expect(await ordersOf(s.quote.id)).toEqual([])
  })

  it.each([
    ['an empty name', '   '],
    ['no name', null],
    ['a name of 81 characters', 'A'.repeat(81)],
    ['a huge name', 'A'.repeat(100_000)],
    ['a name with a control character', 'Asha\u001b[31m'],
  ])('refuses %s with 400 invalid_name, leaving the quote shared', async (_label, name) => {
    const { token, quote } = await shared()
    expect(await outcome(customer().rpc('quote_approve', { token, name }))).toEqual([400, 'invalid_name'])
    expect((await stored(quote.id)).status).toBe('shared')
    expect(await ordersOf(quote.id)).toEqual([])
  })

  it('takes a name of 80 characters, and a tampered token gets 404', async () => {
    const { token } = await shared()
    expect(await outcome(customer().rpc('quote_approve', { token: token.slice(1) + 'A', name: 'Asha' }))).toEqual([404, 'link_not_valid'])
    expect((await customer().rpc('quote_approve', { token, name: 'अ'.repeat(80) })).data.approved_name).toBe('अ'.repeat(80))
  })
})

describe('quote_request_changes', () => {
  it('records the comment and the request as the visitor\u2019s; the customer may still approve that version', async () => {
    const { token, quote, leadId } = await shared()
    const { data, error } = await customer().rpc('quote_request_changes', { token, comment: '  Can the band be thinner?\nAnd 18K?  ' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'changes_requested', customer_comment: 'Can the band be thinner?\nAnd 18K?' })
    expect(await lastEvent(leadId)).toMatchObject({
      kind: 'quote_changes_requested', actor_name: 'Visitor', data: { quote_id: quote.id, version: 1, comment: 'Can the band be thinner?\nAnd 18K?' },
    })
    expect((await customer().rpc('quote_request_changes', { token, comment: 'Only thinner' })).data.customer_comment).toBe('Only thinner')
    expect((await customer().rpc('quote_approve', { token, name: 'Asha' })).data.status).toBe('approved')
  })

  it('refuses changes after approval with 409 already_approved, keeping the approval', async () => {
    const { token, quote } = await shared()
    expect((await customer().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    expect(await outcome(customer().rpc('quote_request_changes', { token, comment: 'Actually, no' }))).toEqual([409, 'already_approved'])
    expect(await stored(quote.id)).toMatchObject({ status: 'approved', customer_comment: null })
  })

  it.each([
    ['an empty comment', ' \n '],
    ['no comment', null],
    ['a comment of 1,001 characters', 'x'.repeat(1_001)],
    ['a huge comment', 'x'.repeat(100_000)],
    ['a comment with a control character', 'thinner\u0007'],
  ])('refuses %s with 400 invalid_comment', async (_label, comment) => {
    const { token, quote } = await shared()
    expect(await outcome(customer().rpc('quote_request_changes', { token, comment }))).toEqual([400, 'invalid_comment'])
    expect(await stored(quote.id)).toMatchObject({ status: 'shared', customer_comment: null })
  })

  it('refuses expired, superseded and tampered links with their codes', async () => {
    const old = await shared()
    await expire(old.quote.id)
    expect(await outcome(customer().rpc('quote_request_changes', { token: old.token, comment: 'x' }))).toEqual([410, 'quote_expired'])
    const first = await shared()
    const revised = (await admin.client.rpc('quote_revise', { quote_id: first.quote.id })).data as QuoteRow
    await sharedQuote(admin.client, revised.id)
    expect(await outcome(customer().rpc('quote_request_changes', { token: first.token, comment: 'x' }))).toEqual([410, 'quote_superseded'])
    expect(await outcome(customer().rpc('quote_request_changes', { token: 'x'.repeat(43), comment: 'x' }))).toEqual([404, 'link_not_valid'])
  })
})

describe('the per-address limit', () => {
  it('refuses an address its 31st call within ten minutes with 429, whatever the function', async () => {
    const { token } = await shared()
    const address = '192.0.2.99'
    for (let call = 0; call < 30; call += 1) {
      expect((await customer(address).rpc('quote_for_customer', { token })).error).toBeNull()
    }
    expect(await outcome(customer(address).rpc('quote_for_customer', { token }))).toEqual([429, 'over_request_rate_limit'])
    expect(await outcome(customer(address).rpc('quote_approve', { token, name: 'Asha' }))).toEqual([429, 'over_request_rate_limit'])
    expect((await customer().rpc('quote_for_customer', { token })).error).toBeNull()
  })
})
