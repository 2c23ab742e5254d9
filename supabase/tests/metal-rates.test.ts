import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { outcome } from './support/bookings.ts'
import { istDate, setRate } from './support/quotes.ts'
import { startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

interface TodaysRate {
  metal: string
  label: string
  purity: number
  rate_paise_per_gram: number | null
  rate_date: string | null
  is_today: boolean | null
}

async function todaysRates(): Promise<TodaysRate[]> {
  const { data, error } = await team.staff.client.rpc('todays_rates')
  expect(error).toBeNull()
  return data as TodaysRate[]
}

const rateOf = async (metal: string) => (await todaysRates()).find((row) => row.metal === metal)!

describe('metal_kinds', () => {
  it('lists the six metals in order for admins and staff', async () => {
    for (const member of [team.admin, team.staff]) {
      const { data, error } = await member.client.from('metal_kinds').select('key, purity').order('sort')
      expect(error).toBeNull()
      expect(data).toEqual([
        { key: 'gold_24k', purity: 999 },
        { key: 'gold_22k', purity: 916 },
        { key: 'gold_18k', purity: 750 },
        { key: 'gold_14k', purity: 585 },
        { key: 'platinum', purity: 950 },
        { key: 'silver', purity: 925 },
      ])
    }
  })

  it('shows nothing to a signed-in non-member and refuses a visitor', async () => {
    expect((await team.nonMember.client.from('metal_kinds').select('key')).data).toEqual([])
    expect(await outcome(team.anonClient().from('metal_kinds').select('key'))).toEqual([401, '42501'])
  })
})

describe('set_metal_rate', () => {
  it('adds a rate dated today for an admin, with who set it', async () => {
    const { data, error } = await team.admin.client.rpc('set_metal_rate', { metal: 'gold_24k', rate_paise_per_gram: 750_000 })
    expect(error).toBeNull()
    expect(data).toMatchObject({ metal: 'gold_24k', rate_paise_per_gram: 750_000, rate_date: istDate(), set_by: team.admin.userId })
  })

  it('refuses staff and non-members with 403 not_admin and visitors with 42501, adding nothing', async () => {
    const args = { metal: 'silver', rate_paise_per_gram: 9_000 }
    expect(await outcome(team.staff.client.rpc('set_metal_rate', args))).toEqual([403, 'not_admin'])
    expect(await outcome(team.nonMember.client.rpc('set_metal_rate', args))).toEqual([403, 'not_admin'])
    expect(await outcome(team.anonClient().rpc('set_metal_rate', args))).toEqual([401, '42501'])
    const rows = await asSuperuser(team.backend.context.db, "select 1 from public.metal_rates where metal = 'silver'")
    expect(rows).toEqual([])
  })

  it.each([
    ['₹0', 0],
    ['99 paise', 99],
    ['a negative rate', -685_000],
    ['₹1,00,000.01', 10_000_001],
    ['₹10,00,000', 100_000_000],
    ['a huge number', 1e20],
  ])('refuses %s per gram with 400 rate_out_of_range', async (_label, rate) => {
    expect(await outcome(team.admin.client.rpc('set_metal_rate', { metal: 'gold_14k', rate_paise_per_gram: rate })))
      .toEqual([400, rate === 1e20 ? '22003' : 'rate_out_of_range'])
  })

  it('accepts the bounds, ₹1 and ₹1,00,000 per gram', async () => {
    await setRate(team.admin.client, 'gold_18k', 100)
    await setRate(team.admin.client, 'gold_18k', 10_000_000)
    expect((await rateOf('gold_18k')).rate_paise_per_gram).toBe(10_000_000)
  })

  it.each([
    ['an unknown metal', { metal: 'gold_23k' }, 'unknown_metal'],
    ['a hostile metal', { metal: "gold_22k'; drop table public.metal_rates; --" }, 'unknown_metal'],
    ['an empty metal', { metal: '' }, 'unknown_metal'],
    ['a huge metal', { metal: 'g'.repeat(100_000) }, 'unknown_metal'],
    ['no rate', { rate_paise_per_gram: null }, 'rate_out_of_range'],
    ['tomorrow', { rate_date: istDate(1) }, 'rate_date_out_of_range'],
    ['over a year back', { rate_date: istDate(-400) }, 'rate_date_out_of_range'],
  ])('refuses %s with 400 and its code', async (_label, change, code) => {
    const args = { metal: 'platinum', rate_paise_per_gram: 350_000, ...change }
    expect(await outcome(team.admin.client.rpc('set_metal_rate', args))).toEqual([400, code])
  })

  it('keeps every rate: members read the history and nobody changes or removes a row through the API', async () => {
    await setRate(team.admin.client, 'gold_22k', 680_000, istDate(-1))
    await setRate(team.admin.client, 'gold_22k', 685_000)
    const { data } = await team.staff.client.from('metal_rates').select('rate_paise_per_gram, rate_date').eq('metal', 'gold_22k').order('id')
    expect(data).toEqual([
      { rate_paise_per_gram: 680_000, rate_date: istDate(-1) },
      { rate_paise_per_gram: 685_000, rate_date: istDate() },
    ])
    expect(await outcome(team.admin.client.from('metal_rates').update({ rate_paise_per_gram: 1 }).eq('metal', 'gold_22k'))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('metal_rates').delete().eq('metal', 'gold_22k'))).toEqual([403, '42501'])
    expect(await outcome(team.admin.client.from('metal_rates').insert({ metal: 'gold_22k', rate_paise_per_gram: 1, rate_date: istDate() }))).toEqual([403, '42501'])
    expect((await team.nonMember.client.from('metal_rates').select('id')).data).toEqual([])
  })

  it('lets staff read the history but not write it or the metals, and refuses both to a visitor', async () => {
    const { data } = await team.staff.client.from('metal_rates').select('metal, rate_paise_per_gram').eq('metal', 'gold_24k')
    expect(data).toEqual([{ metal: 'gold_24k', rate_paise_per_gram: 750_000 }])
    expect(await outcome(team.staff.client.from('metal_rates').insert({ metal: 'gold_24k', rate_paise_per_gram: 1, rate_date: istDate() }))).toEqual([403, '42501'])
    expect(await outcome(team.staff.client.from('metal_rates').update({ rate_paise_per_gram: 1 }).eq('metal', 'gold_24k'))).toEqual([403, '42501'])
    expect(await outcome(team.staff.client.from('metal_kinds').update({ label: 'Tin' }).eq('key', 'silver'))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().from('metal_rates').select('id'))).toEqual([401, '42501'])
    const rows = await asSuperuser(team.backend.context.db, "select rate_paise_per_gram::integer as rate_paise_per_gram from public.metal_rates where metal = 'gold_24k'")
    expect(rows).toEqual([{ rate_paise_per_gram: 750_000 }])
  })
})

describe('todays_rates', () => {
  it('answers every metal in order, a metal never rated with no rate', async () => {
    const rates = await todaysRates()
    expect(rates.map((row) => row.metal)).toEqual(['gold_24k', 'gold_22k', 'gold_18k', 'gold_14k', 'platinum', 'silver'])
    expect(rates.find((row) => row.metal === 'silver')).toEqual({
      metal: 'silver', label: 'Silver', purity: 925, rate_paise_per_gram: null, rate_date: null, is_today: null,
    })
  })

  it('answers the latest rate dated today or before, and says when it is older than today', async () => {
    await setRate(team.admin.client, 'gold_14k', 400_000, istDate(-3))
    await setRate(team.admin.client, 'gold_14k', 410_000, istDate(-1))
    await setRate(team.admin.client, 'gold_14k', 405_000, istDate(-2))
    expect(await rateOf('gold_14k')).toMatchObject({ rate_paise_per_gram: 410_000, rate_date: istDate(-1), is_today: false })
    await setRate(team.admin.client, 'gold_14k', 420_000)
    await setRate(team.admin.client, 'gold_14k', 421_000)
    expect(await rateOf('gold_14k')).toMatchObject({ rate_paise_per_gram: 421_000, rate_date: istDate(), is_today: true })
  })

  it('ignores a rate dated after today', async () => {
    await setRate(team.admin.client, 'platinum', 300_000)
    await asSuperuser(team.backend.context.db,
      "insert into public.metal_rates (metal, rate_paise_per_gram, rate_date) values ('platinum', 999999, $1)", [istDate(1)])
    expect(await rateOf('platinum')).toMatchObject({ rate_paise_per_gram: 300_000, is_today: true })
  })

  it('is for members only', async () => {
    expect(await outcome(team.nonMember.client.rpc('todays_rates'))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('todays_rates'))).toEqual([401, '42501'])
  })
})

describe('the GST rate', () => {
  it('is 3% by default, read by members', async () => {
    for (const member of [team.admin, team.staff]) {
      expect((await member.client.rpc('quote_settings')).data).toEqual({ gst_bps: 300 })
    }
    expect(await outcome(team.nonMember.client.rpc('quote_settings'))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('quote_settings'))).toEqual([401, '42501'])
  })

  it('is changed by admins only, within 0% to 28%, and the change is audited', async () => {
    expect(await outcome(team.staff.client.rpc('set_gst_rate', { gst_bps: 500 }))).toEqual([403, 'not_admin'])
    expect(await outcome(team.anonClient().rpc('set_gst_rate', { gst_bps: 500 }))).toEqual([401, '42501'])
    for (const gst_bps of [-1, 2801, null, 2 ** 31 - 1]) {
      expect(await outcome(team.admin.client.rpc('set_gst_rate', { gst_bps }))).toEqual([400, 'gst_out_of_range'])
    }
    expect(await outcome(team.admin.client.rpc('set_gst_rate', { gst_bps: 'three' }))).toEqual([400, '22P02'])
    expect((await team.staff.client.rpc('quote_settings')).data).toEqual({ gst_bps: 300 })
    expect((await team.admin.client.rpc('set_gst_rate', { gst_bps: 2800 })).data).toEqual({ gst_bps: 2800 })
    expect((await team.admin.client.rpc('set_gst_rate', { gst_bps: 0 })).data).toEqual({ gst_bps: 0 })
    expect((await team.admin.client.rpc('set_gst_rate', { gst_bps: 300 })).data).toEqual({ gst_bps: 300 })
    const audited = await asSuperuser<{ detail: { setting: string; before: { gst_bps: number }; after: { gst_bps: number } } }>(team.backend.context.db,
      "select detail from public.audit_events where kind = 'settings_change' and detail ->> 'setting' = 'quote' order by id")
    expect(audited.map((row) => [row.detail.before.gst_bps, row.detail.after.gst_bps])).toEqual([[300, 2800], [2800, 0], [0, 300]])
  })
})
