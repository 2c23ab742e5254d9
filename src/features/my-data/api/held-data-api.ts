import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

const leadId = z.nullable(z.string())

/** What the page reads of the database's answer; the answer itself is kept whole for the download. */
const heldDataSchema = z.object({
  phone: z.string(),
  leads: z.array(z.record(z.string(), z.unknown())),
  appointments: z.array(z.object({ lead_id: leadId, slot_datetime: z.string(), status: z.string() })),
  notes: z.array(z.object({ lead_id: leadId, body: z.string(), created_at: z.string() })),
  follow_ups: z.array(z.object({ lead_id: leadId, due_at: z.string() })),
  chat_sessions: z.array(
    z.object({ created_at: z.string(), name: z.nullable(z.string()), phone: z.nullable(z.string()), steps: z.array(z.string()) }),
  ),
  reference_images: z.array(z.string()),
  quotes: z.array(
    z.object({
      version: z.number(),
      status: z.string(),
      created_at: z.string(),
      valid_until: z.string(),
      total_paise: z.number(),
      customer_comment: z.nullable(z.string()),
      approved_name: z.nullable(z.string()),
      approved_at: z.nullable(z.string()),
      design_images: z.array(z.string()),
    }),
  ),
  orders: z.array(
    z.object({
      version: z.number(),
      stage: z.string(),
      created_at: z.string(),
      total_paise: z.number(),
      advance_paise: z.nullable(z.number()),
      advance_mode: z.nullable(z.string()),
      advance_date: z.nullable(z.string()),
      cancel_reason: z.nullable(z.string()),
    }),
  ),
})

export type HeldData = z.infer<typeof heldDataSchema>

/** Everything the business holds about a session's phone: as read (`data`), and exactly as the database answered (`answer`). */
export interface HeldDataAnswer {
  data: HeldData
  answer: unknown
}

/** What the business holds about the phone of a My data session; link_not_valid once the token is wrong or expired. */
export function createHeldDataApi(client: SupabaseClient) {
  async function fetchHeldData(token: string): Promise<HeldDataAnswer> {
    const { data, error } = await client.rpc('my_data_get', { token })
    if (error) throw toApiError(error, 'Failed to load your data')
    return { data: heldDataSchema.parse(data), answer: data }
  }

  return { fetchHeldData }
}

export type HeldDataApi = ReturnType<typeof createHeldDataApi>
