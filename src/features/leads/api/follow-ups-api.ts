import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { followUpSchema, type FollowUp } from '../follow-ups/follow-up.schema'

/** At most this many follow-ups of a lead are read. */
export const followUpsShown = 200

export interface FollowUpSchedule {
  /** The due time, an ISO instant. */
  dueAt: string
  /** A due time already past is refused (follow_up_in_past) unless the member confirmed it as overdue. */
  allowPast: boolean
}

export function createFollowUpsApi(client: SupabaseClient) {
  /** A lead's follow-ups: the open ones first, soonest due first, then the done ones. */
  async function fetchFollowUps(leadId: string, signal: AbortSignal): Promise<FollowUp[]> {
    const { data, error } = await client
      .from('follow_ups')
      .select('*')
      .eq('lead_id', leadId)
      .order('done_at', { ascending: false, nullsFirst: true })
      .order('due_at', { ascending: true })
      .limit(followUpsShown)
      .abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to read the follow-ups')
    return z.array(followUpSchema).parse(data)
  }

  async function addFollowUp(leadId: string, text: string, schedule: FollowUpSchedule): Promise<void> {
    const { error } = await client.rpc('follow_up_add', { lead_id: leadId, due_at: schedule.dueAt, text, allow_past: schedule.allowPast })
    if (error) throw toApiError(error, 'Failed to add the follow-up')
  }

  async function markFollowUpDone(followUpId: string): Promise<void> {
    const { error } = await client.rpc('follow_up_done', { id: followUpId })
    if (error) throw toApiError(error, 'Failed to mark the follow-up done')
  }

  async function rescheduleFollowUp(followUpId: string, schedule: FollowUpSchedule): Promise<void> {
    const { error } = await client.rpc('follow_up_reschedule', { id: followUpId, due_at: schedule.dueAt, allow_past: schedule.allowPast })
    if (error) throw toApiError(error, 'Failed to reschedule the follow-up')
  }

  return { fetchFollowUps, addFollowUp, markFollowUpDone, rescheduleFollowUp }
}

export type FollowUpsApi = ReturnType<typeof createFollowUpsApi>
