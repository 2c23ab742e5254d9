import * as z from 'zod/mini'
import { quoteStatuses } from '@/lib/quote-statuses'

/** A metal the shop prices (public.metal_kinds) with its latest rate on or before today, India time. */
export const todaysRateSchema = z.object({
  metal: z.string(),
  label: z.string(),
  /** Parts per thousand: 916 for 22K. */
  purity: z.number(),
  rate_paise_per_gram: z.nullable(z.number()),
  rate_date: z.nullable(z.string()),
  is_today: z.nullable(z.boolean()),
})
export type TodaysRate = z.infer<typeof todaysRateSchema>

/** One entry of a metal's rate history (public.metal_rates). */
export const metalRateSchema = z.object({
  id: z.number(),
  metal: z.string(),
  rate_paise_per_gram: z.number(),
  rate_date: z.string(),
  set_at: z.string(),
})
export type MetalRate = z.infer<typeof metalRateSchema>

export const quoteSettingsSchema = z.object({ gst_bps: z.number() })

/** A line as the builder sends it to price_quote, quote_create and quote_update. */
export type DraftLine =
  | { kind: 'metal'; metal: string; weight_mg: number; rate_overridden: boolean; rate_paise_per_gram?: number }
  | { kind: 'making'; basis: 'per_gram'; paise_per_gram: number }
  | { kind: 'making'; basis: 'percent'; percent_bps: number }
  | { kind: 'making'; basis: 'flat'; amount_paise: number }
  | { kind: 'stone'; stone_type: string; count: number; carat_mct?: number; price_each_paise: number; certificate?: string }
  | { kind: 'other'; label: string; amount_paise: number }
  | { kind: 'discount'; amount_paise: number }

export interface QuoteDraft {
  lines: DraftLine[]
}

/** A line as priced: the fields used plus its amount (a metal line also its label, rate and the rate's date). */
export const pricedLineSchema = z.looseObject({
  kind: z.string(),
  amount_paise: z.number(),
  label: z.optional(z.nullable(z.string())),
  metal: z.optional(z.string()),
  weight_mg: z.optional(z.number()),
  rate_paise_per_gram: z.optional(z.number()),
  rate_date: z.optional(z.nullable(z.string())),
  rate_overridden: z.optional(z.boolean()),
  basis: z.optional(z.string()),
  paise_per_gram: z.optional(z.number()),
  percent_bps: z.optional(z.number()),
  stone_type: z.optional(z.string()),
  count: z.optional(z.number()),
  carat_mct: z.optional(z.nullable(z.number())),
  price_each_paise: z.optional(z.number()),
  certificate: z.optional(z.nullable(z.string())),
})
export type PricedLine = z.infer<typeof pricedLineSchema>

/** price_quote's answer: every line's amount and the totals, in paise. */
export const pricedQuoteSchema = z.object({
  lines: z.array(pricedLineSchema),
  subtotal_paise: z.number(),
  discount_paise: z.number(),
  taxable_paise: z.number(),
  gst_bps: z.number(),
  gst_paise: z.number(),
  total_paise: z.number(),
})
export type PricedQuote = z.infer<typeof pricedQuoteSchema>

/** A version of a lead's quote (public.quotes), without the share token's hash. */
export const quoteSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  version: z.number(),
  status: z.enum(quoteStatuses),
  valid_until: z.string(),
  gst_bps: z.number(),
  lines: z.array(pricedLineSchema),
  subtotal_paise: z.number(),
  discount_paise: z.number(),
  gst_paise: z.number(),
  total_paise: z.number(),
  created_at: z.string(),
  shared_at: z.nullable(z.string()),
  customer_comment: z.nullable(z.string()),
  approved_at: z.nullable(z.string()),
  approved_name: z.nullable(z.string()),
})
export type Quote = z.infer<typeof quoteSchema>

/** share_quote's answer: the link's token (given only once), the lead's language and the shared version. */
export const sharedQuoteSchema = z.object({ token: z.string(), language: z.nullable(z.string()), quote: quoteSchema })
export type SharedQuote = z.infer<typeof sharedQuoteSchema>

/** The most lines a quote holds (price_quote refuses more: too_many_lines). */
export const maxQuoteLines = 50
/** The most design images a version holds (the bucket's policy refuses the 6th). */
export const maxDesignImages = 5
