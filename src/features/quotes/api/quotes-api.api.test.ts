import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onePixelPng } from '@backend/tests/support/images'
import { arrangeLead, startTeamBackend, type TeamBackend } from '@backend/tests/support/team-backend'
import type { QuoteDraft } from '../quote.schema'
import { createDesignImagesApi } from './design-images-api'
import { createQuotesApi } from './quotes-api'
import { createRatesApi } from './rates-api'

const signal = () => new AbortController().signal

// Rates and the GST rate are the whole team's: a backend of this file's own.
let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

/** A 22K ring: 4.250 g at today's rate with 12% making. */
const ring: QuoteDraft = {
  lines: [
    { kind: 'metal', metal: 'gold_22k', weight_mg: 4_250, rate_overridden: false },
    { kind: 'making', basis: 'percent', percent_bps: 1_200 },
  ],
}

describe('rates api through supabase-js', () => {
  it("lets an admin set today's rate, which staff read with its date and history; staff and visitors may not set one", async () => {
    const rates = createRatesApi(team.admin.client)
    const stored = await rates.setMetalRate('gold_22k', 685_000)
    expect(stored).toMatchObject({ metal: 'gold_22k', rate_paise_per_gram: 685_000 })
    const staffRates = createRatesApi(team.staff.client)
    const today = await staffRates.fetchTodaysRates(signal())
    expect(today.map((rate) => rate.metal)).toEqual(['gold_24k', 'gold_22k', 'gold_18k', 'gold_14k', 'platinum', 'silver'])
    expect(today.find((rate) => rate.metal === 'gold_22k')).toMatchObject({ rate_paise_per_gram: 685_000, is_today: true, purity: 916 })
    expect(today.find((rate) => rate.metal === 'silver')).toMatchObject({ rate_paise_per_gram: null, rate_date: null })
    expect((await staffRates.fetchRateHistory('gold_22k', signal()))[0]).toMatchObject({ rate_paise_per_gram: 685_000 })
    await expect(staffRates.setMetalRate('gold_22k', 1)).rejects.toMatchObject({ code: 'not_admin' })
    await expect(createRatesApi(team.anonClient()).fetchTodaysRates(signal())).rejects.toMatchObject({ code: '42501' })
  })

  it.each([
    ['a rate of ₹0', 'gold_22k', 0, 'rate_out_of_range'],
    ['a rate of ₹10,00,000 per gram', 'gold_22k', 100_000_000, 'rate_out_of_range'],
    ['an unknown metal', "gold'; drop table metal_rates --", 685_000, 'unknown_metal'],
  ])('refuses %s with its code and keeps the rate', async (_label, metal, rate, code) => {
    const rates = createRatesApi(team.admin.client)
    await rates.setMetalRate('gold_18k', 560_000)
    await expect(rates.setMetalRate(metal, rate)).rejects.toMatchObject({ code })
    expect((await rates.fetchTodaysRates(signal())).find((row) => row.metal === 'gold_18k')?.rate_paise_per_gram).toBe(560_000)
  })

  it('lets an admin change the GST rate within 0 … 28%; staff read it and may not change it', async () => {
    const rates = createRatesApi(team.admin.client)
    expect(await rates.setGstRate(500)).toBe(500)
    expect(await createRatesApi(team.staff.client).fetchGstRate(signal())).toBe(500)
    await expect(rates.setGstRate(2_801)).rejects.toMatchObject({ code: 'gst_out_of_range' })
    await expect(createRatesApi(team.staff.client).setGstRate(0)).rejects.toMatchObject({ code: 'not_admin' })
    expect(await rates.setGstRate(300)).toBe(300)
  })
})

describe('quotes api through supabase-js', () => {
  beforeAll(async () => {
    await createRatesApi(team.admin.client).setMetalRate('gold_22k', 685_000)
  })

  it('prices, saves, shares and revises a 22K ring at today\u2019s rate; the stored totals are price_quote\u2019s', async () => {
    const quotes = createQuotesApi(team.staff.client)
    const lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const priced = await quotes.priceQuote(ring, signal())
    expect(priced).toMatchObject({ subtotal_paise: 3_260_600, gst_paise: 97_818, total_paise: 3_358_418 })
    expect(priced.lines[0]).toMatchObject({ amount_paise: 2_911_250, rate_paise_per_gram: 685_000 })
    const draft = await quotes.createQuote(lead, ring)
    expect(draft).toMatchObject({ version: 1, status: 'draft', total_paise: priced.total_paise })
    const withHallmark = await quotes.updateQuote(draft.id, { lines: [...ring.lines, { kind: 'other', label: 'Hallmarking', amount_paise: 4_500 }] })
    expect(withHallmark.total_paise).toBe(3_363_053)
    const shared = await quotes.shareQuote(draft.id)
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(shared.quote.status).toBe('shared')
    await expect(quotes.updateQuote(draft.id, ring)).rejects.toMatchObject({ code: 'quote_not_editable' })
    const revised = await quotes.reviseQuote(draft.id)
    expect(revised).toMatchObject({ version: 2, status: 'draft', total_paise: withHallmark.total_paise })
    expect((await quotes.fetchQuotes(lead, signal())).map((quote) => [quote.version, quote.status])).toEqual([[2, 'draft'], [1, 'shared']])
  })

  it.each([
    ['a weight of 0', { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: 0, rate_overridden: false }] }, 'weight_out_of_range'],
    ['10 kg', { lines: [{ kind: 'metal', metal: 'gold_22k', weight_mg: 10_000_000, rate_overridden: false }] }, 'weight_out_of_range'],
    ['51 lines', { lines: Array.from({ length: 51 }, () => ({ kind: 'other', label: 'x', amount_paise: 1 })) }, 'too_many_lines'],
    ['a discount over the subtotal', { lines: [{ kind: 'other', label: 'x', amount_paise: 100 }, { kind: 'discount', amount_paise: 101 }] }, 'discount_too_large'],
    ['a hostile stone type', { lines: [{ kind: 'stone', stone_type: 'x'.repeat(10_000), count: 1, price_each_paise: 1 }] }, 'invalid_line'],
  ])('refuses to price or save %s with its code, storing nothing', async (_label, draft, code) => {
    const quotes = createQuotesApi(team.staff.client)
    const lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    await expect(quotes.priceQuote(draft as QuoteDraft, signal())).rejects.toMatchObject({ code })
    await expect(quotes.createQuote(lead, draft as QuoteDraft)).rejects.toMatchObject({ code })
    expect(await quotes.fetchQuotes(lead, signal())).toEqual([])
  })

  it("refuses another member's lead, visitors and a second draft", async () => {
    const lead = await arrangeLead(team.serviceClient(), { owner_id: team.otherStaff.userId })
    await expect(createQuotesApi(team.staff.client).createQuote(lead, ring)).rejects.toMatchObject({ code: 'lead_not_found' })
    await expect(createQuotesApi(team.anonClient()).priceQuote(ring, signal())).rejects.toMatchObject({ code: '42501' })
    expect(await createQuotesApi(team.staff.client).fetchQuotes(lead, signal())).toEqual([])
    const admin = createQuotesApi(team.admin.client)
    await admin.createQuote(lead, ring)
    await expect(admin.createQuote(lead, ring)).rejects.toMatchObject({ code: 'draft_exists' })
  })
})

describe('design images api through supabase-js', () => {
  const png = () => new File([onePixelPng], 'ring.png', { type: 'image/png' })

  it('attaches up to 5 images to a draft, lists them signed, removes one, and refuses the 6th and a shared version', async () => {
    const lead = await arrangeLead(team.serviceClient(), { owner_id: team.staff.userId })
    const quote = await createQuotesApi(team.staff.client).createQuote(lead, { lines: [{ kind: 'other', label: 'Pendant', amount_paise: 100_000 }] })
    const images = createDesignImagesApi(team.staff.client)
    const names: string[] = []
    for (let index = 0; index < 5; index += 1) names.push(await images.uploadDesignImage(quote.id, png()))
    await expect(images.uploadDesignImage(quote.id, png())).rejects.toMatchObject({ code: 'design_image_refused' })
    const listed = await images.fetchDesignImages(quote.id)
    expect(listed.map((image) => image.name).sort()).toEqual([...names].sort())
    expect((await fetch(listed[0]!.url)).ok).toBe(true)
    await images.removeDesignImage(names[0]!)
    expect(await images.fetchDesignImages(quote.id)).toHaveLength(4)
    await createQuotesApi(team.staff.client).shareQuote(quote.id)
    await expect(images.removeDesignImage(names[1]!)).rejects.toMatchObject({ code: 'design_image_refused' })
    await expect(images.uploadDesignImage(quote.id, png())).rejects.toMatchObject({ code: 'design_image_refused' })
  })

  it('refuses a file that is no image, an empty one and one over 5 MB before upload', async () => {
    const images = createDesignImagesApi(team.staff.client)
    await expect(images.uploadDesignImage('q', new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }))).rejects.toMatchObject({ code: 'not_an_image' })
    await expect(images.uploadDesignImage('q', new File([], 'x.png', { type: 'image/png' }))).rejects.toMatchObject({ code: 'empty' })
    await expect(images.uploadDesignImage('q', new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'x.png', { type: 'image/png' }))).rejects.toMatchObject({ code: 'too_large' })
  })
})
