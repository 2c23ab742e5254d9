import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { reminderDueSchema, type ReminderDue } from '../reminder.schema'

export function createRemindersApi(client: SupabaseClient) {
  /** Appointments in the next 24 hours not yet reminded, of the leads the member reads, earliest first. */
  async function fetchRemindersDue(signal: AbortSignal): Promise<ReminderDue[]> {
    const { data, error } = await client.rpc('reminders_due').abortSignal(signal)
    if (error) throw toApiError(error, 'Failed to load the reminders')
    return z.array(reminderDueSchema).parse(data)
  }

  /** Records that the member sent the reminder (who and when; idempotent); answers when it was recorded. */
  async function markReminded(appointmentId: string): Promise<string> {
    const { data, error } = await client.rpc('appointment_mark_reminded', { id: appointmentId })
    if (error) throw toApiError(error, 'Failed to mark the reminder as sent')
    return z.object({ reminded_at: z.string() }).parse(data).reminded_at
  }

  return { fetchRemindersDue, markReminded }
}

export type RemindersApi = ReturnType<typeof createRemindersApi>
