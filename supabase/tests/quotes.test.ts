import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { outcome } from './support/bookings.ts'
import { manageTokenHashOf as hashOf } from './support/manage-token.ts'
import { createdQuote, draftOf, istDate, priced, setRate, sharedQuote, type QuoteRow } from './support/quotes.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
  await setRate(team.admin.client, 'gold_22k', 685_000)
})

afterAll(async () => {
  await team?.backend.close()
})

const ring = draftOf(
  { kind: 'metal', metal: 'gold_22k', weight_mg: 4_250 },
  { kind: 'making', basis: 'percent', percent_bps: 1_200 },
)
const ringTotal = 3_358_418

/** Leads of each kind for the staff member: their own, an unassigned one, and another member's. */
async function leads() {
  const service = team.serviceClient()
  return {
    own: await arrangeLead(service, { owner_id: team.staff.userId }),
    unassigned: await arrangeLead(service),
    others: await arrangeLead(service, { owner_id: team.otherStaff.userId }),
  }
}

async function storedQuote(id: string): Promise<QuoteRow> {
  const { data } = await team.serviceClient().from('quotes').select('*').eq('id', id).single()
  return data as QuoteRow
}

async function history(leadId: string) {
  return asSuperuser<{ kind: string; actor_name: string; data: Record<string, unknown> }>(team.backend.context.db,
    "select kind, actor_name, data from public.lead_events where lead_id = $1 and kind like 'quote%' order by id", [leadId])
}

describe('quote_create', () => {
  it('stores a draft version 1 priced by price_quote, valid for a week, with its GST rate, creator and history', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const pricedNow = await priced(team.staff.client, ring)
    expect(quote).toMatchObject({
      lead_id: own, version: 1, status: 'draft', valid_until: istDate(7), gst_bps: 300, created_by: team.staff.userId,
      subtotal_paise: pricedNow.subtotal_paise, discount_paise: 0, gst_paise: pricedNow.gst_paise, total_paise: ringTotal,
      shared_at: null, share_token_hash: null,
    })
    expect(quote.lines).toEqual(pricedNow.lines)
    expect(await history(own)).toEqual([{ kind: 'quote_created', actor_name: 'Sita Staff', data: { quote_id: quote.id, version: 1, total_paise: ringTotal } }])
  })

  it('lets staff quote their own and unassigned leads and admins any lead', async () => {
    const { own, unassigned, others } = await leads()
    await createdQuote(team.staff.client, own, ring)
    await createdQuote(team.staff.client, unassigned, ring)
    await createdQuote(team.admin.client, others, ring)
  })

  it('refuses staff another member\u2019s lead (404 lead_not_found), non-members and visitors (42501), storing nothing', async () => {
    const { others } = await leads()
    const args = { lead_id: others, draft: ring }
    expect(await outcome(team.staff.client.rpc('quote_create', args))).toEqual([404, 'lead_not_found'])
    expect(await outcome(team.nonMember.client.rpc('quote_create', args))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('quote_create', args))).toEqual([401, '42501'])
    expect(await outcome(team.staff.client.rpc('quote_create', { lead_id: 'no-such-lead', draft: ring }))).toEqual([404, 'lead_not_found'])
    const { data } = await team.serviceClient().from('quotes').select('id').eq('lead_id', others)
    expect(data).toEqual([])
  })

  it.each([
    ['a weight of 0', { draft: draftOf({ kind: 'metal', metal: 'gold_22k', weight_mg: 0 }) }, 400, 'weight_out_of_range'],
    ['51 lines', { draft: draftOf(...Array.from({ length: 51 }, () => ({ kind: 'other', label: 'x', amount_paise: 1 }))) }, 400, 'too_many_lines'],
    ['no draft', { draft: null }, 400, 'invalid_draft'],
    ['a valid-until date in the past', { valid_until: istDate(-1) }, 400, 'valid_until_out_of_range'],
    ['a valid-until date over a year ahead', { valid_until: istDate(366) }, 400, 'valid_until_out_of_range'],
    ['a valid-until that is not a date', { valid_until: 'next week' }, 400, '22007'],
  ])('refuses %s with its code and stores nothing', async (_label, change, status, code) => {
    const { own } = await leads()
    expect(await outcome(team.staff.client.rpc('quote_create', { lead_id: own, draft: ring, ...change }))).toEqual([status, code])
    const { data } = await team.serviceClient().from('quotes').select('id').eq('lead_id', own)
    expect(data).toEqual([])
  })

  it.each([
    ['an empty lead id', ''],
    ['no lead id', null],
    ['a hostile lead id', "x' or '1'='1"],
    ['a huge lead id', 'x'.repeat(100_000)],
  ])('refuses %s with 404 lead_not_found', async (_label, lead_id) => {
    expect(await outcome(team.staff.client.rpc('quote_create', { lead_id, draft: ring }))).toEqual([404, 'lead_not_found'])
  })

  it('takes a valid-until date from today to a year ahead', async () => {
    const { own, unassigned } = await leads()
    expect((await createdQuote(team.staff.client, own, ring, istDate())).valid_until).toBe(istDate())
    expect((await createdQuote(team.staff.client, unassigned, ring, istDate(365))).valid_until).toBe(istDate(365))
  })

  it('refuses a second draft on a lead with 409 draft_exists', async () => {
    const { own } = await leads()
    await createdQuote(team.staff.client, own, ring)
    expect(await outcome(team.staff.client.rpc('quote_create', { lead_id: own, draft: ring }))).toEqual([409, 'draft_exists'])
  })
})

describe('quote_update', () => {
  it('re-prices a draft and keeps its valid-until date unless given', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring, istDate(3))
    const extra = draftOf(...ring.lines, { kind: 'other', label: 'Hallmarking', amount_paise: 4_500 })
    const { data, error } = await team.staff.client.rpc('quote_update', { quote_id: quote.id, draft: extra })
    expect(error).toBeNull()
    expect(data).toMatchObject({ version: 1, status: 'draft', valid_until: istDate(3), total_paise: (await priced(team.staff.client, extra)).total_paise })
    const dated = await team.staff.client.rpc('quote_update', { quote_id: quote.id, draft: extra, valid_until: istDate(10) })
    expect(dated.data.valid_until).toBe(istDate(10))
  })

  it('refuses bad input with its code and keeps the draft as it was', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const update = (change: Record<string, unknown>) => team.staff.client.rpc('quote_update', { quote_id: quote.id, draft: ring, ...change })
    expect(await outcome(update({ draft: draftOf({ kind: 'metal', metal: 'gold_22k', weight_mg: 10_000_000 }) }))).toEqual([400, 'weight_out_of_range'])
    expect(await outcome(update({ draft: draftOf({ kind: 'other', label: 'x', amount_paise: 100 }, { kind: 'discount', amount_paise: 101 }) }))).toEqual([400, 'discount_too_large'])
    expect(await outcome(update({ valid_until: istDate(-1) }))).toEqual([400, 'valid_until_out_of_range'])
    expect(await storedQuote(quote.id)).toMatchObject({ total_paise: ringTotal, valid_until: istDate(7), lines: quote.lines })
  })

  it('refuses staff a quote of another member\u2019s lead and unknown quotes with 404 quote_not_found; visitors with 42501', async () => {
    const { others } = await leads()
    const quote = await createdQuote(team.admin.client, others, ring)
    expect(await outcome(team.staff.client.rpc('quote_update', { quote_id: quote.id, draft: ring }))).toEqual([404, 'quote_not_found'])
    expect(await outcome(team.staff.client.rpc('quote_update', { quote_id: crypto.randomUUID(), draft: ring }))).toEqual([404, 'quote_not_found'])
    expect(await outcome(team.staff.client.rpc('quote_update', { quote_id: 'not-a-uuid', draft: ring }))).toEqual([400, '22P02'])
    expect(await outcome(team.anonClient().rpc('quote_update', { quote_id: quote.id, draft: ring }))).toEqual([401, '42501'])
    expect(await outcome(team.otherStaff.client.rpc('quote_update', { quote_id: quote.id, draft: ring }))).toEqual([200, null])
  })

  it('refuses to edit a shared or approved version with 409 quote_not_editable (revise instead), changing nothing', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const { token } = await sharedQuote(team.staff.client, quote.id)
    const edit = () => team.admin.client.rpc('quote_update', { quote_id: quote.id, draft: draftOf({ kind: 'other', label: 'x', amount_paise: 1 }) })
    expect(await outcome(edit())).toEqual([409, 'quote_not_editable'])
    expect((await team.anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    expect(await outcome(edit())).toEqual([409, 'quote_not_editable'])
    expect(await storedQuote(quote.id)).toMatchObject({ status: 'approved', total_paise: ringTotal, lines: quote.lines })
  })
})

describe('quote_revise', () => {
  it('copies the latest version\u2019s lines into a new draft at today\u2019s rate, keeping overridden rates, and records it', async () => {
    const { own } = await leads()
    const draft = draftOf(...ring.lines, { kind: 'metal', metal: 'gold_22k', weight_mg: 1_000, rate_overridden: true, rate_paise_per_gram: 700_000 })
    const first = await createdQuote(team.staff.client, own, draft)
    await sharedQuote(team.staff.client, first.id)
    await setRate(team.admin.client, 'gold_22k', 690_000)
    try {
      const { data, error } = await team.staff.client.rpc('quote_revise', { quote_id: first.id })
      expect(error).toBeNull()
      const revised = data as QuoteRow
      expect(revised).toMatchObject({ lead_id: own, version: 2, status: 'draft', valid_until: istDate(7) })
      expect(revised.lines.map((line) => line.rate_paise_per_gram)).toEqual([690_000, undefined, 700_000])
      expect(revised.lines.map((line) => line.amount_paise)).toEqual([2_932_500, 435_900, 700_000])
      expect(await storedQuote(first.id)).toMatchObject({ version: 1, status: 'shared', lines: first.lines })
      expect((await history(own)).at(-1)).toMatchObject({ kind: 'quote_revised', data: { quote_id: revised.id, version: 2, from_version: 1 } })
    } finally {
      await setRate(team.admin.client, 'gold_22k', 685_000)
    }
  })

  it('refuses while the lead has a draft with 409 draft_exists', async () => {
    const { own } = await leads()
    const first = await createdQuote(team.staff.client, own, ring)
    expect(await outcome(team.staff.client.rpc('quote_revise', { quote_id: first.id }))).toEqual([409, 'draft_exists'])
    await sharedQuote(team.staff.client, first.id)
    expect((await team.staff.client.rpc('quote_revise', { quote_id: first.id })).error).toBeNull()
    expect(await outcome(team.staff.client.rpc('quote_revise', { quote_id: first.id }))).toEqual([409, 'draft_exists'])
  })

  it('refuses staff a quote of another member\u2019s lead (404) and visitors (42501)', async () => {
    const { others } = await leads()
    const quote = await createdQuote(team.admin.client, others, ring)
    await sharedQuote(team.admin.client, quote.id)
    expect(await outcome(team.staff.client.rpc('quote_revise', { quote_id: quote.id }))).toEqual([404, 'quote_not_found'])
    expect(await outcome(team.anonClient().rpc('quote_revise', { quote_id: quote.id }))).toEqual([401, '42501'])
  })
})

describe('share_quote', () => {
  it('freezes the draft and answers a 43-character token once, storing only its SHA-256, with the lead\u2019s language', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const shared = await sharedQuote(team.staff.client, quote.id)
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(shared.token, 'base64url')).toHaveLength(32)
    expect(shared.language).toBe('en')
    expect(shared.quote).toMatchObject({ id: quote.id, status: 'shared' })
    expect(shared.quote).not.toHaveProperty('share_token_hash')
    const [row] = await asSuperuser(team.backend.context.db, 'select to_jsonb(q)::text as row from public.quotes as q where id = $1', [quote.id])
    expect(String(row!.row)).not.toContain(shared.token)
    expect((await storedQuote(quote.id)).share_token_hash).toBe(hashOf(shared.token))
    expect((await history(own)).at(-1)).toMatchObject({ kind: 'quote_shared', actor_name: 'Sita Staff', data: { quote_id: quote.id, version: 1 } })
  })

  it('gives a different token each time; sharing again stops the earlier link', async () => {
    const { own } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const first = await sharedQuote(team.staff.client, quote.id)
    const second = await sharedQuote(team.staff.client, quote.id)
    expect(second.token).not.toBe(first.token)
    expect(await outcome(team.anonClient().rpc('quote_for_customer', { token: first.token }))).toEqual([404, 'link_not_valid'])
    expect((await team.anonClient().rpc('quote_for_customer', { token: second.token })).error).toBeNull()
  })

  it('supersedes the older shared versions when a newer one is shared', async () => {
    const { own } = await leads()
    const first = await createdQuote(team.staff.client, own, ring)
    const firstLink = await sharedQuote(team.staff.client, first.id)
    expect((await team.anonClient().rpc('quote_request_changes', { token: firstLink.token, comment: 'Lighter, please' })).error).toBeNull()
    const second = (await team.staff.client.rpc('quote_revise', { quote_id: first.id })).data as QuoteRow
    expect((await storedQuote(first.id)).status).toBe('changes_requested')
    await sharedQuote(team.staff.client, second.id)
    expect(await storedQuote(first.id)).toMatchObject({ status: 'superseded', customer_comment: 'Lighter, please' })
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: first.id }))).toEqual([409, 'quote_not_shareable'])
  })

  it('refuses a version with changes requested or approved (409 quote_not_shareable), an empty one (409 quote_empty) and one past its date (409 quote_expired)', async () => {
    const { own, unassigned } = await leads()
    const quote = await createdQuote(team.staff.client, own, ring)
    const { token } = await sharedQuote(team.staff.client, quote.id)
    expect((await team.anonClient().rpc('quote_request_changes', { token, comment: 'Smaller' })).error).toBeNull()
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: quote.id }))).toEqual([409, 'quote_not_shareable'])
    expect((await team.anonClient().rpc('quote_approve', { token, name: 'Asha' })).error).toBeNull()
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: quote.id }))).toEqual([409, 'quote_not_shareable'])

    const empty = await createdQuote(team.staff.client, unassigned, draftOf())
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: empty.id }))).toEqual([409, 'quote_empty'])
    expect((await team.staff.client.rpc('quote_update', { quote_id: empty.id, draft: ring })).error).toBeNull()
    await asSuperuser(team.backend.context.db, 'update public.quotes set valid_until = $2 where id = $1', [empty.id, istDate(-1)])
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: empty.id }))).toEqual([409, 'quote_expired'])
    expect((await storedQuote(empty.id)).status).toBe('draft')
  })

  it('refuses staff another member\u2019s lead (404), non-members and visitors (42501)', async () => {
    const { others } = await leads()
    const quote = await createdQuote(team.admin.client, others, ring)
    expect(await outcome(team.staff.client.rpc('share_quote', { quote_id: quote.id }))).toEqual([404, 'quote_not_found'])
    expect(await outcome(team.nonMember.client.rpc('share_quote', { quote_id: quote.id }))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('share_quote', { quote_id: quote.id }))).toEqual([401, '42501'])
    expect((await storedQuote(quote.id)).status).toBe('draft')
  })
})

describe('reading quotes', () => {
  it('shows staff the quotes of the leads they read, admins all, others none; nobody writes the table', async () => {
    const { own, others } = await leads()
    const mine = await createdQuote(team.staff.client, own, ring)
    const theirs = await createdQuote(team.admin.client, others, ring)
    const ids = async (client: typeof team.admin.client) =>
      ((await client.from('quotes').select('id').in('id', [mine.id, theirs.id])).data ?? []).map((row) => row.id).sort()
    expect(await ids(team.admin.client)).toEqual([mine.id, theirs.id].sort())
    expect(await ids(team.staff.client)).toEqual([mine.id])
    expect(await ids(team.otherStaff.client)).toEqual([theirs.id])
    expect(await ids(team.nonMember.client)).toEqual([])
    expect(await outcome(team.anonClient().from('quotes').select('id'))).toEqual([401, '42501'])
    expect(await outcome(team.admin.client.from('quotes').update({ total_paise: 1 }).eq('id', mine.id))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('quotes').delete().eq('id', mine.id))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('quotes').insert({ ...mine, id: crypto.randomUUID(), version: 9 }))).toEqual([403, '42501'])
  })
})
