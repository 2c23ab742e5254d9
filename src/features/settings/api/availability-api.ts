import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import {
  bookingNeedingAttentionSchema,
  bookingSettingsSchema,
  type BookingNeedingAttention,
  type BookingNumbers,
  type BookingSettings,
  type BookingSlot,
} from '../booking-settings.schema'

/**
 * The booking settings (admins change them; the database validates each change and answers every
 * setting as stored, or a refusal with its code: closure_overlaps, capacity_out_of_range, ...).
 */
export function createAvailabilityApi(client: SupabaseClient) {
  async function call(fn: string, args: Record<string, unknown> | undefined, failure: string): Promise<BookingSettings> {
    const { data, error } = await client.rpc(fn, args)
    if (error) throw toApiError(error, failure)
    return bookingSettingsSchema.parse(data)
  }

  const fetchBookingSettings = () => call('booking_settings', undefined, 'Failed to load the booking settings')

  /** Opens or closes an ISO weekday (1 Monday to 7 Sunday) with its slots. */
  const setWeeklyHours = (weekday: number, open: boolean, slots: BookingSlot[]) =>
    call('set_weekly_hours', { weekday, open, slots }, 'Failed to change the weekly hours')

  const addClosure = (startsOn: string, endsOn: string, reason: string) =>
    call('add_closure', { starts_on: startsOn, ends_on: endsOn, reason }, 'Failed to add the closure')

  const removeClosure = (id: string) => call('remove_closure', { id }, 'Failed to remove the closure')

  /** Other slots on one date; none closes the day. */
  const setDateOverride = (onDate: string, slots: BookingSlot[], reason: string) =>
    call('set_date_override', { on_date: onDate, slots, reason }, 'Failed to set the date override')

  const removeDateOverride = (onDate: string) => call('remove_date_override', { on_date: onDate }, 'Failed to remove the date override')

  const setBookingNumbers = (numbers: Partial<BookingNumbers>) => call('set_booking_settings', { settings: numbers }, 'Failed to change the booking settings')

  /** Active future bookings the settings no longer offer (a closure, a closed day, a removed time, a lowered capacity). */
  async function fetchBookingsNeedingAttention(): Promise<BookingNeedingAttention[]> {
    const { data, error } = await client.rpc('bookings_needing_attention')
    if (error) throw toApiError(error, 'Failed to load the bookings needing attention')
    return z.array(bookingNeedingAttentionSchema).parse(data)
  }

  return {
    fetchBookingSettings,
    setWeeklyHours,
    addClosure,
    removeClosure,
    setDateOverride,
    removeDateOverride,
    setBookingNumbers,
    fetchBookingsNeedingAttention,
  }
}

export type AvailabilityApi = ReturnType<typeof createAvailabilityApi>
