import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

const bookableSlotSchema = z.object({ slot: z.string(), capacity: z.number(), taken: z.number() })

/** A slot the settings offer: its instant, how many bookings it takes, how many it holds. */
export type BookableSlot = z.infer<typeof bookableSlotSchema>

export function createSchedulingApi(client: SupabaseClient) {
  /**
   * Every slot the booking settings offer on the IST days from `fromDate` to `toDate` (at most 92 days),
   * with its capacity and how many active bookings it holds; never who booked. For visitors the
   * database leaves out what the minimum notice and the horizon exclude.
   */
  async function fetchBookableSlots(fromDate: string, toDate: string): Promise<BookableSlot[]> {
    const { data, error } = await client.rpc('bookable_slots', { from_date: fromDate, to_date: toDate })
    if (error) throw toApiError(error, 'Failed to load the bookable slots')
    return z.array(bookableSlotSchema).parse(data)
  }

  return { fetchBookableSlots }
}

export type SchedulingApi = ReturnType<typeof createSchedulingApi>
