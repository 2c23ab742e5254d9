import type { QuoteSectionApi } from '@/features/quotes/QuoteSection'
import type { MetalRate, PricedQuote, Quote, QuoteDraft, TodaysRate } from '@/features/quotes/quote.schema'
import type { RatesSectionApi } from '@/features/quotes/RatesSection'
import { ApiError } from '@/lib/api-error'

/**
 * A lead's quotes held in memory for component tests of the screens around the builder: versions as
 * given, today's rates as given, and each draft priced by `price` (the database's pricing is tested
 * through supabase-js, not here). Saving, revising and sharing keep the version rules the builder shows.
 */
export function memoryQuotesApis({
  quotes = [] as Quote[],
  rates = [] as TodaysRate[],
  price = async (draft: QuoteDraft): Promise<PricedQuote> => {
    throw new ApiError('unknown', `no pricing for ${draft.lines.length} lines in memory`)
  },
} = {}): QuoteSectionApi & { stored: Quote[] } {
  const stored = [...quotes]
  const ofLead = (leadId: string) => stored.filter((quote) => quote.lead_id === leadId).sort((a, b) => b.version - a.version)
  const priced = async (leadId: string, id: string, draft: QuoteDraft, validUntil: string, version: number): Promise<Quote> => {
    const { lines, subtotal_paise, discount_paise, gst_bps, gst_paise, total_paise } = await price(draft)
    const totals = { lines, subtotal_paise, discount_paise, gst_bps, gst_paise, total_paise }
    return { id, lead_id: leadId, version, status: 'draft', valid_until: validUntil, created_at: new Date().toISOString(), shared_at: null, customer_comment: null, approved_at: null, approved_name: null, ...totals }
  }
  return {
    stored,
    quotes: {
      fetchQuotes: async (leadId) => ofLead(leadId),
      priceQuote: async (draft) => price(draft),
      createQuote: async (leadId, draft, validUntil) => {
        const quote = await priced(leadId, `quote-${stored.length + 1}`, draft, validUntil ?? '2099-01-01', (ofLead(leadId)[0]?.version ?? 0) + 1)
        stored.push(quote)
        return quote
      },
      updateQuote: async (quoteId, draft, validUntil) => {
        const index = stored.findIndex((quote) => quote.id === quoteId)
        const current = stored[index]
        if (!current) throw new ApiError('quote_not_found', 'Quote not found')
        if (current.status !== 'draft') throw new ApiError('quote_not_editable', 'Only a draft can be edited: revise instead')
        stored[index] = await priced(current.lead_id, quoteId, draft, validUntil ?? current.valid_until, current.version)
        return stored[index]
      },
      reviseQuote: async (quoteId) => {
        const current = stored.find((quote) => quote.id === quoteId)
        if (!current) throw new ApiError('quote_not_found', 'Quote not found')
        const revised = { ...current, id: `quote-${stored.length + 1}`, version: ofLead(current.lead_id)[0]!.version + 1, status: 'draft' as const, shared_at: null, customer_comment: null }
        stored.push(revised)
        return revised
      },
      shareQuote: async (quoteId) => {
        const index = stored.findIndex((quote) => quote.id === quoteId)
        const current = stored[index]
        if (!current) throw new ApiError('quote_not_found', 'Quote not found')
        stored[index] = { ...current, status: 'shared', shared_at: new Date().toISOString() }
        return { token: 'T'.repeat(43), language: 'en', quote: stored[index] }
      },
    },
    rates: { fetchTodaysRates: async () => rates },
    designImages: { fetchDesignImages: async () => [], uploadDesignImage: async () => 'x', removeDesignImage: async () => undefined },
  }
}

/** Today's rates and the GST rate held in memory, with the database's bounds on a rate, for the Settings tab's tests. */
export function memoryRatesApi(rates: TodaysRate[] = [], gstBps = 300): RatesSectionApi & { history: MetalRate[] } {
  const history: MetalRate[] = []
  let gst = gstBps
  return {
    history,
    fetchTodaysRates: async () => rates.map((rate) => ({ ...rate })),
    fetchRateHistory: async (metal) => history.filter((entry) => entry.metal === metal).reverse(),
    setMetalRate: async (metal, paisePerGram) => {
      if (paisePerGram < 100 || paisePerGram > 10_000_000) throw new ApiError('rate_out_of_range', 'rate_out_of_range')
      const entry = { id: history.length + 1, metal, rate_paise_per_gram: paisePerGram, rate_date: '2026-11-26', set_at: new Date().toISOString() }
      history.push(entry)
      rates = rates.map((rate) => (rate.metal === metal ? { ...rate, rate_paise_per_gram: paisePerGram, rate_date: entry.rate_date, is_today: true } : rate))
      return entry
    },
    fetchGstRate: async () => gst,
    setGstRate: async (bps) => {
      gst = bps
      return gst
    },
  }
}
