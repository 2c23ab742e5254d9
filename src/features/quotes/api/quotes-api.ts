import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { pricedQuoteSchema, quoteSchema, sharedQuoteSchema, type PricedQuote, type Quote, type QuoteDraft, type SharedQuote } from '../quote.schema'

const quoteColumns =
  'id, lead_id, version, status, valid_until, gst_bps, lines, subtotal_paise, discount_paise, gst_paise, total_paise, created_at, shared_at, customer_comment, approved_at, approved_name'

export function createQuotesApi(client: SupabaseClient) {
  /** A lead's quote versions, newest first. */
  async function fetchQuotes(leadId: string, signal: AbortSignal): Promise<Quote[]> {
    const { data, error } = await client.from('quotes').select(quoteColumns).eq('lead_id', leadId).order('version', { ascending: false }).abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the quotes')
    return z.array(quoteSchema).parse(data)
  }

  /** The draft priced by the database: every line's amount and the totals. Writes nothing. */
  async function priceQuote(draft: QuoteDraft, signal: AbortSignal): Promise<PricedQuote> {
    const { data, error } = await client.rpc('price_quote', { draft }).abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to price the quote')
    return pricedQuoteSchema.parse(data)
  }

  /** A lead's next version as a draft, valid until the given date (a week from today when not given). */
  async function createQuote(leadId: string, draft: QuoteDraft, validUntil?: string): Promise<Quote> {
    const { data, error } = await client.rpc('quote_create', { lead_id: leadId, draft, valid_until: validUntil })
    if (error) throw toApiError(error, 'Failed to save the quote')
    return quoteSchema.parse(data)
  }

  /** Re-prices and stores a draft; quote_not_editable for a version already shared. */
  async function updateQuote(quoteId: string, draft: QuoteDraft, validUntil?: string): Promise<Quote> {
    const { data, error } = await client.rpc('quote_update', { quote_id: quoteId, draft, valid_until: validUntil ?? null })
    if (error) throw toApiError(error, 'Failed to save the quote')
    return quoteSchema.parse(data)
  }

  /** A new draft version with the lead's latest lines, re-priced at today's rates. */
  async function reviseQuote(quoteId: string): Promise<Quote> {
    const { data, error } = await client.rpc('quote_revise', { quote_id: quoteId })
    if (error) throw toApiError(error, 'Failed to revise the quote')
    return quoteSchema.parse(data)
  }

  /** Shares a version: the link's token (answered only this once) and the lead's language. */
  async function shareQuote(quoteId: string): Promise<SharedQuote> {
    const { data, error } = await client.rpc('share_quote', { quote_id: quoteId })
    if (error) throw toApiError(error, 'Failed to share the quote')
    return sharedQuoteSchema.parse(data)
  }

  return { fetchQuotes, priceQuote, createQuote, updateQuote, reviseQuote, shareQuote }
}

export type QuotesApi = ReturnType<typeof createQuotesApi>
