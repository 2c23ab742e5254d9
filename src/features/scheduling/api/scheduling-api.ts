import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

export function createSchedulingApi(client: SupabaseClient) {
  /** Instants already booked between two instants; never who booked them. */
  async function fetchTakenSlots(fromIso: string, toIso: string): Promise<string[]> {
    const { data, error } = await client.rpc('taken_slots', { from: fromIso, to: toIso })
    if (error) throw toApiError(error, 'Failed to load booked slots')
    return z.array(z.string()).parse(data)
  }

  return { fetchTakenSlots }
}

export type SchedulingApi = ReturnType<typeof createSchedulingApi>
