import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outcome } from './support/bookings.ts'
import { draftOf, priced, setRate } from './support/quotes.ts'
import { startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
  await setRate(team.admin.client, 'gold_22k', 685_000)
  await setRate(team.admin.client, 'silver', 9_050)
})

afterAll(async () => {
  await team?.backend.close()
})

const metal = (weight_mg: unknown, extra: Record<string, unknown> = {}) => ({ kind: 'metal', metal: 'gold_22k', weight_mg, ...extra })
const overridden = (weight_mg: number, rate_paise_per_gram: number) =>
  metal(weight_mg, { metal: 'silver', rate_overridden: true, rate_paise_per_gram })
const other = (amount_paise: unknown, label: unknown = 'Hallmarking') => ({ kind: 'other', label, amount_paise })
const stone = (extra: Record<string, unknown> = {}) =>
  ({ kind: 'stone', stone_type: 'Diamond', count: 2, carat_mct: 250, price_each_paise: 1_850_000, certificate: 'IGI 123', ...extra })

const refusal = (draft: unknown) => outcome(team.staff.client.rpc('price_quote', { draft }))

describe('a 22K ring priced by hand', () => {
  const ring = draftOf(
    metal(4_250),
    { kind: 'making', basis: 'percent', percent_bps: 1_200 },
    stone(),
    stone({ stone_type: 'Ruby', count: 1, carat_mct: 500, price_each_paise: 450_050, certificate: null }),
  )
  const expectedLines = [
    ['Gold 22K, 4.250 g at ₹6,850.00/g', '4,250 × 685,000 ÷ 1,000', 2_911_250],
    ['Making, 12% of the metal', '2,911,250 × 1,200 ÷ 10,000', 349_350],
    ['2 diamonds at ₹18,500.00', '2 × 1,850,000', 3_700_000],
    ['1 ruby at ₹4,500.50', '1 × 450,050', 450_050],
  ] as const
  const expectedTotals = [
    ['subtotal_paise', '2,911,250 + 349,350 + 3,700,000 + 450,050', 7_410_650],
    ['discount_paise', 'none', 0],
    ['taxable_paise', '7,410,650 − 0', 7_410_650],
    ['gst_paise', '7,410,650 × 300 ÷ 10,000 = 222,319.5', 222_320],
    ['total_paise', '7,410,650 + 222,320', 7_632_970],
  ] as const

  it('answers each line and the totals to the paisa (GST 222,319.5 rounds up)', async () => {
    const quote = await priced(team.staff.client, ring)
    expect(quote.lines.map((line) => line.amount_paise)).toEqual(expectedLines.map(([, , paise]) => paise))
    expect(quote).toMatchObject({ gst_bps: 300, ...Object.fromEntries(expectedTotals.map(([key, , paise]) => [key, paise])) })
  })

  it('answers each line with what it was priced from, the metal with today\u2019s rate and date', async () => {
    const quote = await priced(team.admin.client, ring)
    expect(quote.lines[0]).toMatchObject({
      kind: 'metal', metal: 'gold_22k', label: 'Gold 22K', weight_mg: 4_250, rate_paise_per_gram: 685_000, rate_overridden: false,
    })
    expect(quote.lines[0]!.rate_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(quote.lines[1]).toEqual({ kind: 'making', basis: 'percent', percent_bps: 1_200, amount_paise: 349_350 })
    expect(quote.lines[3]).toEqual({
      kind: 'stone', stone_type: 'Ruby', count: 1, carat_mct: 500, price_each_paise: 450_050, certificate: null, amount_paise: 450_050,
    })
  })
})

describe('rounding at every step', () => {
  const draft = draftOf(
    overridden(1, 500),
    overridden(1, 500),
    overridden(1, 500),
    overridden(1, 499),
    overridden(999, 9_999),
    { kind: 'making', basis: 'per_gram', paise_per_gram: 1_500 },
    { kind: 'making', basis: 'percent', percent_bps: 5 },
    stone({ count: 3, price_each_paise: 333 }),
    other(4_500),
    { kind: 'discount', amount_paise: 1_000 },
  )
  const expectedLines = [
    ['1 mg at ₹5.00/g', '1 × 500 ÷ 1,000 = 0.5', 1],
    ['1 mg at ₹5.00/g', '1 × 500 ÷ 1,000 = 0.5', 1],
    ['1 mg at ₹5.00/g', '1 × 500 ÷ 1,000 = 0.5', 1],
    ['1 mg at ₹4.99/g', '1 × 499 ÷ 1,000 = 0.499', 0],
    ['999 mg at ₹99.99/g', '999 × 9,999 ÷ 1,000 = 9,989.001', 9_989],
    ['making ₹15.00/g on 1,003 mg', '1,003 × 1,500 ÷ 1,000 = 1,504.5', 1_505],
    ['making 0.05% of 9,992', '9,992 × 5 ÷ 10,000 = 4.996', 5],
    ['3 stones at 333', '3 × 333', 999],
    ['hallmarking', '4,500', 4_500],
    ['discount', '1,000', 1_000],
  ] as const
  const expectedTotals = [
    ['subtotal_paise', '1 + 1 + 1 + 0 + 9,989 + 1,505 + 5 + 999 + 4,500', 17_001],
    ['discount_paise', '1,000', 1_000],
    ['taxable_paise', '17,001 − 1,000', 16_001],
    ['gst_paise', '16,001 × 300 ÷ 10,000 = 480.03', 480],
    ['total_paise', '16,001 + 480', 16_481],
  ] as const

  it('rounds each line once, half away from zero, and sums the rounded lines', async () => {
    const quote = await priced(team.staff.client, draft)
    expect(quote.lines.map((line) => line.amount_paise)).toEqual(expectedLines.map(([, , paise]) => paise))
    expect(quote).toMatchObject(Object.fromEntries(expectedTotals.map(([key, , paise]) => [key, paise])))
  })

  it('keeps the totals consistent: subtotal = Σ lines, taxable = subtotal − discount, total = taxable + GST', async () => {
    const quote = await priced(team.staff.client, draft)
    const charged = quote.lines.filter((line) => line.kind !== 'discount').reduce((sum, line) => sum + line.amount_paise, 0)
    expect(quote.subtotal_paise).toBe(charged)
    expect(quote.taxable_paise).toBe(quote.subtotal_paise - quote.discount_paise)
    expect(quote.total_paise).toBe(quote.taxable_paise + quote.gst_paise)
  })

  it.each([
    ['50 × 300 ÷ 10,000 = 1.5', 50, 2],
    ['150 × 300 ÷ 10,000 = 4.5', 150, 5],
    ['49 × 300 ÷ 10,000 = 1.47', 49, 1],
    ['16 × 300 ÷ 10,000 = 0.48', 16, 0],
    ['17 × 300 ÷ 10,000 = 0.51', 17, 1],
    ['7,410,650 × 300 ÷ 10,000 = 222,319.5', 7_410_650, 222_320],
    ['7,410,649 × 300 ÷ 10,000 = 222,319.47', 7_410_649, 222_319],
  ])('rounds GST once on the taxable value: %s', async (_arithmetic, taxable, gst) => {
    const quote = await priced(team.staff.client, draftOf(other(taxable)))
    expect([quote.gst_paise, quote.total_paise]).toEqual([gst, taxable + gst])
  })

  it('prices with the GST rate the settings hold', async () => {
    expect((await team.admin.client.rpc('set_gst_rate', { gst_bps: 500 })).error).toBeNull()
    try {
      const quote = await priced(team.staff.client, draftOf(other(10_010)))
      expect([quote.gst_bps, quote.gst_paise, quote.total_paise]).toEqual([500, 501, 10_511])
    } finally {
      expect((await team.admin.client.rpc('set_gst_rate', { gst_bps: 300 })).error).toBeNull()
    }
  })

  it('lets a discount take the whole subtotal', async () => {
    const quote = await priced(team.staff.client, draftOf(other(5_000), { kind: 'discount', amount_paise: 5_000 }))
    expect(quote).toMatchObject({ subtotal_paise: 5_000, discount_paise: 5_000, taxable_paise: 0, gst_paise: 0, total_paise: 0 })
  })

  it('prices an empty draft as nothing', async () => {
    expect(await priced(team.staff.client, draftOf())).toMatchObject({ lines: [], subtotal_paise: 0, total_paise: 0 })
  })
})

describe('the bounds', () => {
  it('takes 50 lines and refuses 51 with 400 too_many_lines', async () => {
    const fifty = Array.from({ length: 50 }, () => other(100))
    expect((await priced(team.staff.client, draftOf(...fifty))).subtotal_paise).toBe(5_000)
    expect(await refusal(draftOf(...fifty, other(100)))).toEqual([400, 'too_many_lines'])
  })

  it('takes a weight of 1 mg and of 1 kg', async () => {
    const quote = await priced(team.staff.client, draftOf(metal(1), metal(1_000_000)))
    expect(quote.lines.map((line) => line.amount_paise)).toEqual([685, 685_000_000])
  })

  it('takes the highest amounts: ₹10 crore in a line, a subtotal or a total', async () => {
    const quote = await priced(team.staff.client, draftOf(other(9_708_737_863), other(1)))
    expect(quote).toMatchObject({ subtotal_paise: 9_708_737_864, gst_paise: 291_262_136, total_paise: 10_000_000_000 })
    const discounted = await priced(team.staff.client, draftOf(other(10_000_000_000), { kind: 'discount', amount_paise: 300_000_000 }))
    expect(discounted).toMatchObject({ subtotal_paise: 10_000_000_000, taxable_paise: 9_700_000_000, total_paise: 9_991_000_000 })
  })

  it.each([
    ['a weight of 0', draftOf(metal(0)), 'weight_out_of_range'],
    ['a negative weight', draftOf(metal(-4_250)), 'weight_out_of_range'],
    ['a weight over 1 kg', draftOf(metal(1_000_001)), 'weight_out_of_range'],
    ['a weight of 10 kg', draftOf(metal(10_000_000)), 'weight_out_of_range'],
    ['an absurd weight', draftOf(metal(1e30)), 'weight_out_of_range'],
    ['a weight in grams with decimals', draftOf(metal(4.25)), 'invalid_line'],
    ['a weight as text', draftOf(metal('4250')), 'invalid_line'],
    ['no weight', draftOf({ kind: 'metal', metal: 'gold_22k' }), 'invalid_line'],
    ['an unknown metal', draftOf(metal(1_000, { metal: 'gold_23k' })), 'unknown_metal'],
    ['a hostile metal', draftOf(metal(1_000, { metal: "gold_22k' or '1'='1" })), 'unknown_metal'],
    ['an overridden rate of ₹0', draftOf(overridden(1_000, 0)), 'rate_out_of_range'],
    ['an overridden rate of 99 paise', draftOf(overridden(1_000, 99)), 'rate_out_of_range'],
    ['an overridden rate of ₹10,00,000', draftOf(overridden(1_000, 100_000_000)), 'rate_out_of_range'],
    ['an override without a rate', draftOf(metal(1_000, { rate_overridden: true })), 'invalid_line'],
    ['an override that is not true or false', draftOf(metal(1_000, { rate_overridden: 'yes' })), 'invalid_line'],
    ['a making percentage over 100%', draftOf(metal(1_000), { kind: 'making', basis: 'percent', percent_bps: 10_001 }), 'percent_out_of_range'],
    ['a negative making per gram', draftOf(metal(1_000), { kind: 'making', basis: 'per_gram', paise_per_gram: -1 }), 'amount_out_of_range'],
    ['an unknown making basis', draftOf({ kind: 'making', basis: 'per_piece', amount_paise: 100 }), 'invalid_line'],
    ['no stones', draftOf(stone({ count: 0 })), 'count_out_of_range'],
    ['501 stones', draftOf(stone({ count: 501 })), 'count_out_of_range'],
    ['a stone of 0 carats', draftOf(stone({ carat_mct: 0 })), 'carat_out_of_range'],
    ['a stone over 100 carats', draftOf(stone({ carat_mct: 100_001 })), 'carat_out_of_range'],
    ['a negative stone price', draftOf(stone({ price_each_paise: -1 })), 'amount_out_of_range'],
    ['a stone line over ₹10 crore', draftOf(stone({ count: 500, price_each_paise: 20_000_001 })), 'amount_out_of_range'],
    ['an empty stone type', draftOf(stone({ stone_type: '   ' })), 'invalid_line'],
    ['a stone type of 41 characters', draftOf(stone({ stone_type: 'D'.repeat(41) })), 'invalid_line'],
    ['a certificate of 61 characters', draftOf(stone({ certificate: 'C'.repeat(61) })), 'invalid_line'],
    ['a label with a control character', draftOf(other(100, 'Polish\u0007')), 'invalid_line'],
    ['a huge label', draftOf(other(100, 'x'.repeat(100_000))), 'invalid_line'],
    ['a label that is not text', draftOf(other(100, { html: '<script>' })), 'invalid_line'],
    ['a negative other charge', draftOf(other(-1)), 'amount_out_of_range'],
    ['an other charge over ₹10 crore', draftOf(other(10_000_000_001)), 'amount_out_of_range'],
    ['a subtotal over ₹10 crore', draftOf(other(6_000_000_000), other(6_000_000_000)), 'amount_out_of_range'],
    ['a total over ₹10 crore with GST', draftOf(other(10_000_000_000)), 'amount_out_of_range'],
    ['a discount of 0', draftOf(other(100), { kind: 'discount', amount_paise: 0 }), 'amount_out_of_range'],
    ['a discount over the subtotal', draftOf(other(100), { kind: 'discount', amount_paise: 60 }, { kind: 'discount', amount_paise: 41 }), 'discount_too_large'],
    ['a line that is not an object', draftOf(1 as unknown as Record<string, unknown>), 'invalid_line'],
    ['a line of an unknown kind', draftOf({ kind: 'gift_wrap', amount_paise: 100 }), 'invalid_line'],
    ['a line without a kind', draftOf({ amount_paise: 100 }), 'invalid_line'],
    ['no draft', null, 'invalid_draft'],
    ['a draft that is a list', [other(100)], 'invalid_draft'],
    ['a draft without lines', {}, 'invalid_draft'],
    ['lines that are not a list', { lines: { 0: other(100) } }, 'invalid_draft'],
  ])('refuses %s with 400 and its code', async (_label, draft, code) => {
    expect(await refusal(draft)).toEqual([400, code])
  })

  it('says which line is wrong', async () => {
    const { error } = await team.staff.client.rpc('price_quote', { draft: draftOf(metal(1_000), other(100), metal(0)) })
    expect(error?.message).toMatch(/^Line 3: /)
  })

  it('refuses a metal never rated with 409 rate_not_set, and prices it with an overridden rate', async () => {
    expect(await refusal(draftOf(metal(1_000, { metal: 'platinum' })))).toEqual([409, 'rate_not_set'])
    const quote = await priced(team.staff.client, draftOf(metal(1_000, { metal: 'platinum', rate_overridden: true, rate_paise_per_gram: 320_000 })))
    expect(quote.lines[0]).toMatchObject({ rate_paise_per_gram: 320_000, rate_date: null, rate_overridden: true, amount_paise: 320_000 })
  })

  it('ignores a rate sent without rate_overridden: today\u2019s rate prices the line', async () => {
    const quote = await priced(team.staff.client, draftOf(metal(1_000, { rate_paise_per_gram: 100 })))
    expect(quote.lines[0]).toMatchObject({ rate_paise_per_gram: 685_000, rate_overridden: false, amount_paise: 685_000 })
  })
})

describe('who prices', () => {
  it('lets admins and staff price, read-only (as a GET)', async () => {
    for (const member of [team.admin, team.staff]) {
      const { data, error } = await member.client.rpc('price_quote', { draft: JSON.stringify(draftOf(other(100))) }, { get: true })
      expect(error).toBeNull()
      expect(data.total_paise).toBe(103)
    }
  })

  it('refuses non-members and visitors with 42501', async () => {
    expect(await outcome(team.nonMember.client.rpc('price_quote', { draft: draftOf(other(100)) }))).toEqual([403, '42501'])
    expect(await outcome(team.anonClient().rpc('price_quote', { draft: draftOf(other(100)) }))).toEqual([401, '42501'])
  })
})
