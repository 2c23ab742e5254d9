import * as z from 'zod/mini'
import { advanceModes, allOrderStages } from '@/lib/order-stages'

/** The longest reason a cancel takes (the database's bound). */
export const cancelReasonMaxLength = 200

const stageSchema = z.enum(allOrderStages)

/** One order of the Pipeline: the order, its lead's name and owner, its quote's version. */
export const pipelineOrderSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  lead_name: z.string(),
  owner_id: z.nullable(z.string()),
  quote_id: z.string(),
  quote_version: z.number(),
  stage: stageSchema,
  total_paise: z.number(),
  advance_paise: z.nullable(z.number()),
  advance_mode: z.nullable(z.enum(advanceModes)),
  advance_date: z.nullable(z.string()),
  cancel_reason: z.nullable(z.string()),
  created_at: z.string(),
  stage_changed_at: z.string(),
})

export type PipelineOrder = z.infer<typeof pipelineOrderSchema>

/** Per stage, how many orders and their totals. */
export const stageSummarySchema = z.object({ stage: stageSchema, orders: z.number(), total_paise: z.number() })
export type StageSummary = z.infer<typeof stageSummarySchema>

export const orderStatsSchema = z.object({ orders_this_month: z.number(), revenue_this_month_paise: z.number() })
export type OrderStats = z.infer<typeof orderStatsSchema>

/** An order as its row stands after a move. */
export const orderRowSchema = z.object({
  id: z.string(),
  quote_id: z.string(),
  lead_id: z.string(),
  stage: stageSchema,
  total_paise: z.number(),
  advance_paise: z.nullable(z.number()),
  advance_mode: z.nullable(z.enum(advanceModes)),
  advance_date: z.nullable(z.string()),
  cancel_reason: z.nullable(z.string()),
  created_at: z.string(),
  stage_changed_at: z.string(),
})

export type OrderRow = z.infer<typeof orderRowSchema>

/** One priced line of an approved quote, as stored: its kind, amount and the fields its kind has. */
const quoteLineSchema = z.object({
  kind: z.string(),
  amount_paise: z.number(),
  label: z.optional(z.nullable(z.string())),
  metal: z.optional(z.nullable(z.string())),
  weight_mg: z.optional(z.nullable(z.number())),
  rate_paise_per_gram: z.optional(z.nullable(z.number())),
  basis: z.optional(z.nullable(z.string())),
  paise_per_gram: z.optional(z.nullable(z.number())),
  percent_bps: z.optional(z.nullable(z.number())),
  stone_type: z.optional(z.nullable(z.string())),
  count: z.optional(z.nullable(z.number())),
  carat_mct: z.optional(z.nullable(z.number())),
  price_each_paise: z.optional(z.nullable(z.number())),
  certificate: z.optional(z.nullable(z.string())),
})

export type QuoteLine = z.infer<typeof quoteLineSchema>

/** The approved quote an order summary prints: its lines and stored totals. */
export const approvedQuoteSchema = z.object({
  version: z.number(),
  lines: z.array(quoteLineSchema),
  subtotal_paise: z.number(),
  discount_paise: z.number(),
  gst_bps: z.number(),
  gst_paise: z.number(),
  total_paise: z.number(),
  approved_at: z.nullable(z.string()),
  approved_name: z.nullable(z.string()),
})

export type ApprovedQuote = z.infer<typeof approvedQuoteSchema>
