import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { todayItemSchema, type TodayItem } from '../today-item.schema'

export function createTodayApi(client: SupabaseClient) {
  /** The Today queue in one call: follow-ups (overdue first, by due time), today's appointments, new unassigned leads. */
  async function fetchTodayQueue(signal: AbortSignal): Promise<TodayItem[]> {
    const { data, error } = await client.rpc('today_queue').abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to load the Today queue')
    return z.array(todayItemSchema).parse(data)
  }

  return { fetchTodayQueue }
}

export type TodayApi = ReturnType<typeof createTodayApi>
