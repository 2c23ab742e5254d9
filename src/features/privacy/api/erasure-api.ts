import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { ApiError, toApiError } from '@/lib/api-error'
import { erasureCountKeys, erasureResultSchema, erasureSchema, type Erasure, type ErasureCounts } from '../privacy.schema'

/** What an erasure did: the counts, and how many of its files Storage has not removed yet (they stay queued for the retention job). */
export interface ErasureOutcome extends ErasureCounts {
  filesPending: number
}

export const privacyErrorCodes = {
  /** The person has an active booking today: ask again, then call with confirmBookingToday. */
  bookingTodayNeedsConfirmation: 'booking_today_needs_confirmation',
} as const

export function createErasureApi(client: SupabaseClient) {
  /**
   * Removes the erased files through Storage as the signed-in admin, then forgets the queued ones
   * Storage no longer holds; answers how many of them stay queued (a Storage failure leaves them
   * for the retention job).
   */
  async function removeFiles(paths: readonly { bucket_id: string; name: string }[]): Promise<number> {
    if (paths.length === 0) return 0
    for (const bucket of new Set(paths.map((path) => path.bucket_id))) {
      const { error } = await client.storage.from(bucket).remove(paths.filter((path) => path.bucket_id === bucket).map((path) => path.name))
      if (error) console.error(error)
    }
    const done = await client.rpc('file_erasures_done')
    if (done.error) throw toApiError(done.error, 'Failed to confirm the removed files')
    const { count, error } = await client.from('pending_file_erasures').select('name', { count: 'exact', head: true })
      .in('name', paths.map((path) => path.name))
    if (error) throw toApiError(error, 'Failed to read the files left to remove')
    return count ?? 0
  }

  async function finish(data: unknown): Promise<ErasureOutcome> {
    const result = erasureResultSchema.parse(data)
    const counts = Object.fromEntries(erasureCountKeys.map((key) => [key, result[key]])) as ErasureCounts
    return { ...counts, filesPending: await removeFiles(result.paths) }
  }

  /** Erases everything held about a phone (admins). 409 booking_today_needs_confirmation unless confirmed. */
  async function erasePerson(phone: string, confirmBookingToday = false): Promise<ErasureOutcome> {
    const { data, error } = await client.rpc('erase_person', { phone, confirm_booking_today: confirmBookingToday })
    if (error) throw toApiError(error, 'Failed to erase the person')
    return finish(data)
  }

  /** Carries out an open erasure or withdrawal request: the person of its phone is erased and the request done. */
  async function eraseForRequest(requestId: string, confirmBookingToday = false): Promise<ErasureOutcome> {
    const { data, error } = await client.rpc('data_request_erase', { request_id: requestId, confirm_booking_today: confirmBookingToday })
    if (error) throw toApiError(error, 'Failed to erase the person')
    return finish(data)
  }

  /** How many leads hold this phone (those the reader may see). */
  async function countLeadsOfPhone(phone: string): Promise<number> {
    const { count, error } = await client.from('leads').select('id', { count: 'exact', head: true }).eq('phone', phone)
    if (error) throw toApiError(error, 'Failed to count the leads')
    return count ?? 0
  }

  /**
   * Removes the files earlier erasures left queued (Storage failed then), as hosted Supabase has no
   * job that reaches Storage: answers how many stay queued.
   */
  async function retryPendingFiles(): Promise<number> {
    const { data, error } = await client.from('pending_file_erasures').select('bucket_id, name').order('queued_at').limit(1000)
    if (error) throw toApiError(error, 'Failed to read the files left to remove')
    return removeFiles(data)
  }

  /** The tombstones, newest first. */
  async function fetchErasures(limit = 100): Promise<Erasure[]> {
    const { data, error } = await client.from('erasures').select('*').order('erased_at', { ascending: false }).limit(limit)
    if (error) throw toApiError(error, 'Failed to read the erasures')
    return z.array(erasureSchema).parse(data)
  }

  return { erasePerson, eraseForRequest, countLeadsOfPhone, fetchErasures, retryPendingFiles }
}

export type ErasureApi = ReturnType<typeof createErasureApi>

export const isBookingTodayRefusal = (error: unknown) =>
  error instanceof ApiError && error.code === privacyErrorCodes.bookingTodayNeedsConfirmation
