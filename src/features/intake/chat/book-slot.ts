import { manageLink, manageTokenHash, newManageToken } from '@/features/scheduling/manage-token'
import { istWallClock } from '@/lib/dayjs'
import { appointmentBookingApi } from '../api'
import type { Booking, SlotPick } from '../machine/intake-types'
import { bookingText } from './booking-text'

/**
 * Books the visitor's slot with a new manage token, whose hash goes with the booking; a failure is
 * logged and rethrown for the machine to decide on.
 */
export async function bookSlot({ leadId, date, time }: SlotPick & { leadId: string }): Promise<Booking> {
  const slot = istWallClock(date, time).toDate()
  const token = newManageToken()
  const tokenHash = await manageTokenHash(token)
  try {
    await appointmentBookingApi.bookAppointment(leadId, slot, tokenHash)
  } catch (error) {
    console.error('Appointment booking failed:', error)
    throw error
  }
  return { ...bookingText(date, time), slot: slot.toISOString(), manageLink: manageLink(window.location.origin, token), manageTokenHash: tokenHash }
}
