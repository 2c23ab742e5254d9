import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { adminAccessRequiredMessage, ApiError, errorCodes, toApiError } from '@/lib/api-error'
import {
  funnelRowSchema,
  sourceRowSchema,
  totalsSchema,
  unfinishedChatSchema,
  type Insights,
  type InsightsPeriod,
  type UnfinishedChatsPage,
} from '../insights.schema'
import { noShowMonthSchema, type NoShowMonth } from '../no-show.schema'

interface BackendError {
  code?: string | null
  message?: string | null
}

/** A refusal of the admin-only figures reads like the rest of the dashboard's. */
function insightsError(error: BackendError, fallbackMessage: string): ApiError {
  if (error.code === errorCodes.insufficientPrivilege) return new ApiError(errorCodes.adminAccessRequired, adminAccessRequiredMessage)
  return toApiError(error, fallbackMessage)
}

const fetchFailed = 'Failed to fetch insights'

/** `funnelStepIds`: the steps the funnel counts (the flow's), so ids visitors made up never fill it. */
export function createInsightsApi(client: SupabaseClient, funnelStepIds: readonly string[]) {
  async function figures<T>(fn: string, args: object, schema: z.ZodMiniType<T>, signal: AbortSignal): Promise<T> {
    const { data, error } = await client.rpc(fn, args).abortSignal(signal)
    if (error) throw insightsError(error, fetchFailed)
    return schema.parse(data)
  }

  /** The funnel, totals and sources of the chats started in a period, asked together. */
  async function fetchInsights(period: InsightsPeriod, signal: AbortSignal): Promise<Insights> {
    const [funnel, totals, sources] = await Promise.all([
      figures('chat_funnel', { ...period, step_ids: funnelStepIds }, z.array(funnelRowSchema), signal),
      figures('chat_totals', period, totalsSchema, signal),
      figures('chat_sources', period, z.array(sourceRowSchema), signal),
    ])
    return { funnel, totals, sources }
  }

  /** Rows from..to (inclusive) of the unfinished chats, newest activity first, with the list's total. */
  async function fetchUnfinishedChats(
    query: { includeFollowedUp: boolean },
    span: { from: number; to: number },
    signal: AbortSignal,
  ): Promise<UnfinishedChatsPage> {
    const { data, count, error } = await client
      .rpc('unfinished_chats', { include_followed_up: query.includeFollowedUp }, { count: 'exact' })
      .range(span.from, span.to)
      .abortSignal(signal)
    if (error) throw insightsError(error, 'Failed to fetch unfinished chats')
    return { chats: z.array(unfinishedChatSchema).parse(data), total: count ?? 0 }
  }

  /** Marks a chat as followed up (or, with false, not); answers when it was marked (null when unmarked). */
  async function markChatFollowedUp(sessionId: string, followedUp: boolean): Promise<string | null> {
    const { data, error } = await client.rpc('mark_chat_followed_up', { session_id: sessionId, followed_up: followedUp })
    if (error) throw insightsError(error, 'Failed to update the chat')
    return z.nullable(z.string()).parse(data)
  }

  /** Per IST month, oldest first, the last `months` months to this one: appointments that ended and no-shows. */
  function fetchNoShowStats(months: number, signal: AbortSignal): Promise<NoShowMonth[]> {
    return figures('no_show_stats', { months }, z.array(noShowMonthSchema), signal)
  }

  return { fetchInsights, fetchUnfinishedChats, markChatFollowedUp, fetchNoShowStats }
}

export type InsightsApi = ReturnType<typeof createInsightsApi>
