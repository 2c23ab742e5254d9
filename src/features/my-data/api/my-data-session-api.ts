import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'

const sessionSchema = z.object({ token: z.string(), expires_at: z.string() })

/** An open My data session: its token, valid until `expires_at` (30 minutes), scoped to one phone. */
export type MyDataSession = z.infer<typeof sessionSchema>

/**
 * How a visitor proves who they are before My data opens: a code staff send on WhatsApp to the phone
 * asked about, or the booking's manage link. A wrong, used, expired or malformed code or link fails
 * with link_not_valid; a phone that is not 10 digits with phone_invalid.
 */
export function createMyDataSessionApi(client: SupabaseClient) {
  /** Asks for a code for `phone`: the same answer whether or not the business holds data for it. */
  async function requestCode(phone: string): Promise<void> {
    const { error } = await client.rpc('my_data_request_code', { phone })
    if (error) throw toApiError(error, 'Failed to ask for a code')
  }

  async function open(fn: string, args: Record<string, string>): Promise<MyDataSession> {
    const { data, error } = await client.rpc(fn, args)
    if (error) throw toApiError(error, 'Failed to open My data')
    return sessionSchema.parse(data)
  }

  const openWithCode = (phone: string, code: string) => open('my_data_open_with_code', { phone, code })

  const openWithLink = (manageToken: string) => open('my_data_open_with_link', { manage_token: manageToken })

  return { requestCode, openWithCode, openWithLink }
}

export type MyDataSessionApi = ReturnType<typeof createMyDataSessionApi>
