import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { dataRequestSchema, requestColumns, sentCodeSchema, type DataRequest, type SentCode } from '../privacy.schema'

/** How many handled requests the list shows after the open ones. */
export const handledRequestsShown = 50

export function createRequestsApi(client: SupabaseClient) {
  /** Every open request, soonest deadline first, then the latest handled ones. Staff read only code requests. */
  async function fetchRequests(): Promise<DataRequest[]> {
    const [open, handled] = await Promise.all([
      client.from('data_access_requests').select(requestColumns).eq('status', 'open').order('deadline').order('id'),
      client.from('data_access_requests').select(requestColumns).neq('status', 'open').order('handled_at', { ascending: false }).limit(handledRequestsShown),
    ])
    const error = open.error ?? handled.error
    if (error) throw toApiError(error, 'Failed to read the requests')
    return z.array(dataRequestSchema).parse([...open.data!, ...handled.data!])
  }

  async function countOpenRequests(): Promise<number> {
    const { count, error } = await client.from('data_access_requests').select('id', { count: 'exact', head: true }).eq('status', 'open')
    if (error) throw toApiError(error, 'Failed to count the requests')
    return count ?? 0
  }

  /** A new one-time code for an open code request (staff or admins); the answer is the only time it is shown. */
  async function sendCode(requestId: string): Promise<SentCode> {
    const { data, error } = await client.rpc('data_request_send_code', { request_id: requestId })
    if (error) throw toApiError(error, 'Failed to make a code')
    return sentCodeSchema.parse(data)
  }

  /** Rejects an open request with a reason (admins). */
  async function rejectRequest(requestId: string, reason: string): Promise<void> {
    const { error } = await client.rpc('data_request_reject', { request_id: requestId, reason })
    if (error) throw toApiError(error, 'Failed to reject the request')
  }

  return { fetchRequests, countOpenRequests, sendCode, rejectRequest }
}

export type RequestsApi = ReturnType<typeof createRequestsApi>
