import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

const withdrawalSchema = z.object({ leads: z.number() })
const erasureRequestSchema = z.object({ request_id: z.string(), deadline: z.string() })

export type ErasureRequest = z.infer<typeof erasureRequestSchema>

/** The longest comment an erasure request may carry (the database refuses more with comment_too_long). */
export const erasureCommentMaxLength = 1000

/**
 * The visitor's rights over the session's phone: withdraw consent (every lead marked, the marketing
 * opt-in cleared, the erasure queued for the admins) and ask for erasure. link_not_valid once the
 * token is wrong or expired.
 */
export function createMyDataRightsApi(client: SupabaseClient) {
  /** Answers how many leads were marked withdrawn. */
  async function withdrawConsent(token: string): Promise<number> {
    const { data, error } = await client.rpc('my_data_withdraw', { token })
    if (error) throw toApiError(error, 'Failed to withdraw your consent')
    return withdrawalSchema.parse(data).leads
  }

  /** Asks the business to erase the phone's data, with an optional comment; answers the request's deadline. */
  async function requestErasure(token: string, comment: string): Promise<ErasureRequest> {
    const { data, error } = await client.rpc('my_data_request_erasure', { token, comment })
    if (error) throw toApiError(error, 'Failed to ask for erasure')
    return erasureRequestSchema.parse(data)
  }

  return { withdrawConsent, requestErasure }
}

export type MyDataRightsApi = ReturnType<typeof createMyDataRightsApi>
