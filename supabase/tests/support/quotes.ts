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
