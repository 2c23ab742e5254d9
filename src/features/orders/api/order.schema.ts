import * as z from 'zod/mini'
import { advanceModes, allOrderStages } from '@/lib/order-stages'
import { storedQuoteLineSchema } from '@/lib/stored-quote-line.schema'

/** The longest reason a cancel takes (the database's bound). */
export const cancelReasonMaxLength = 200

const stageSchema = z.enum(allOrderStages)

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

/** One order of the Pipeline: the order, its lead's name and owner, its quote's version. */
export const pipelineOrderSchema = z.extend(orderRowSchema, {
  lead_name: z.string(),
  owner_id: z.nullable(z.string()),
  quote_version: z.number(),
})

export type PipelineOrder = z.infer<typeof pipelineOrderSchema>

/** Per stage, how many orders and their totals. */
export const stageSummarySchema = z.object({ stage: stageSchema, orders: z.number(), total_paise: z.number() })
export type StageSummary = z.infer<typeof stageSummarySchema>

export const orderStatsSchema = z.object({ orders_this_month: z.number(), revenue_this_month_paise: z.number() })
export type OrderStats = z.infer<typeof orderStatsSchema>

/** The approved quote an order summary prints: its lines and stored totals. */
export const approvedQuoteSchema = z.object({
  version: z.number(),
  lines: z.array(storedQuoteLineSchema),
  subtotal_paise: z.number(),
  discount_paise: z.number(),
  gst_bps: z.number(),
  gst_paise: z.number(),
  total_paise: z.number(),
  approved_at: z.nullable(z.string()),
  approved_name: z.nullable(z.string()),
})

export type ApprovedQuote = z.infer<typeof approvedQuoteSchema>
