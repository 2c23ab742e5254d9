import { expect } from 'vitest'
import type { TestClient } from '../../local/testing/clients.ts'

/** Today's date in India as YYYY-MM-DD, `days` later (or earlier, when negative). */
export function istDate(days = 0): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10)
}

/** Sets a metal's rate (paise per gram) as `admin`, today unless dated. */
export async function setRate(admin: TestClient, metal: string, ratePaisePerGram: number, rateDate?: string) {
  const { error } = await admin.rpc('set_metal_rate', { metal, rate_paise_per_gram: ratePaisePerGram, rate_date: rateDate })
  expect(error).toBeNull()
}

/** A draft of a quote: its lines as the builder sends them. */
export function draftOf(...lines: Record<string, unknown>[]) {
  return { lines }
}

export interface PricedQuote {
  lines: ({ kind: string; amount_paise: number } & Record<string, unknown>)[]
  subtotal_paise: number
  discount_paise: number
  taxable_paise: number
  gst_bps: number
  gst_paise: number
  total_paise: number
}

/** The draft priced by `client`, failing the test on a refusal. */
export async function priced(client: TestClient, draft: unknown): Promise<PricedQuote> {
  const { data, error } = await client.rpc('price_quote', { draft })
  expect(error).toBeNull()
  return data as PricedQuote
}

export interface QuoteRow {
  id: string
  lead_id: string
  version: number
  status: string
  valid_until: string
  gst_bps: number
  lines: PricedQuote['lines']
  subtotal_paise: number
  discount_paise: number
  gst_paise: number
  total_paise: number
  created_by: string | null
  shared_at: string | null
  share_token_hash: string | null
  customer_comment: string | null
  approved_at: string | null
  approved_name: string | null
}

/** A draft quote `client` creates on a lead; its row. */
export async function createdQuote(client: TestClient, leadId: string, draft: unknown, validUntil?: string): Promise<QuoteRow> {
  const { data, error } = await client.rpc('quote_create', { lead_id: leadId, draft, valid_until: validUntil })
  expect(error).toBeNull()
  return data as QuoteRow
}

/** The quote shared by `client`: the link's token and the row. */
export async function sharedQuote(client: TestClient, quoteId: string): Promise<{ token: string; language: string; quote: QuoteRow }> {
  const { data, error } = await client.rpc('share_quote', { quote_id: quoteId })
  expect(error).toBeNull()
  return data as { token: string; language: string; quote: QuoteRow }
}
