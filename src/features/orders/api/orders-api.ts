import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import type { AdvanceMode, OrderStage } from '@/lib/order-stages'
import {
  approvedQuoteSchema,
  orderRowSchema,
  orderStatsSchema,
  pipelineOrderSchema,
  stageSummarySchema,
  type ApprovedQuote,
  type OrderRow,
  type OrderStats,
  type PipelineOrder,
  type StageSummary,
} from './order.schema'

/** The Pipeline's filters: the leads one member owns, the orders created in one month (any date in it, YYYY-MM-DD). */
export interface PipelineFilters {
  owner: string | null
  month: string | null
}

export interface Pipeline {
  summary: StageSummary[]
  orders: PipelineOrder[]
}

/** A move to the next stage; the advance goes with advance_received, the reason with cancelled. */
export type OrderMove =
  | { stage: Exclude<OrderStage, 'advance_received' | 'cancelled'> }
  | { stage: 'advance_received'; advancePaise: number; advanceMode: AdvanceMode; advanceDate: string }
  | { stage: 'cancelled'; reason: string }

/**
 * Orders as members see them: the Pipeline (per stage counts and totals, and the orders), moving an
 * order on, and this month's figures. The database refuses what is not allowed with codes:
 * stage_not_next, order_closed, advance_out_of_range, invalid_advance_mode, advance_date_out_of_range,
 * invalid_cancel_reason, order_not_found.
 */
export function createOrdersApi(client: SupabaseClient) {
  async function fetchPipeline({ owner, month }: PipelineFilters): Promise<Pipeline> {
    const args = { owner, month }
    const [summary, orders] = await Promise.all([client.rpc('pipeline_summary', args), client.rpc('pipeline_order_rows', args)])
    if (summary.error) throw toApiError(summary.error, 'Failed to load the pipeline')
    if (orders.error) throw toApiError(orders.error, 'Failed to load the orders')
    return { summary: z.array(stageSummarySchema).parse(summary.data), orders: z.array(pipelineOrderSchema).parse(orders.data) }
  }

  async function moveOrder(orderId: string, move: OrderMove): Promise<OrderRow> {
    const { data, error } = await client.rpc('order_move', {
      order_id: orderId,
      stage: move.stage,
      advance_paise: move.stage === 'advance_received' ? move.advancePaise : null,
      advance_mode: move.stage === 'advance_received' ? move.advanceMode : null,
      advance_date: move.stage === 'advance_received' ? move.advanceDate : null,
      cancel_reason: move.stage === 'cancelled' ? move.reason : null,
    })
    if (error) throw toApiError(error, 'Failed to move the order')
    return orderRowSchema.parse(data)
  }

  async function fetchOrderStats(): Promise<OrderStats> {
    const { data, error } = await client.rpc('order_stats')
    if (error) throw toApiError(error, "Failed to load this month's orders")
    return orderStatsSchema.parse(data)
  }

  /** The approved quote of an order, for its printed summary. */
  async function fetchApprovedQuote(quoteId: string): Promise<ApprovedQuote> {
    const { data, error } = await client
      .from('quotes')
      .select('version, lines, subtotal_paise, discount_paise, gst_bps, gst_paise, total_paise, approved_at, approved_name')
      .eq('id', quoteId)
      .single()
    if (error) throw toApiError(error, 'Failed to load the quote')
    return approvedQuoteSchema.parse(data)
  }

  return { fetchPipeline, moveOrder, fetchOrderStats, fetchApprovedQuote }
}

export type OrdersApi = ReturnType<typeof createOrdersApi>
