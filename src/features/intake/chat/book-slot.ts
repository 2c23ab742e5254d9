import { istWallClock } from '@/lib/dayjs'
import { appointmentBookingApi } from '../api'
import type { BookingText, SlotPick } from '../machine/intake-types'
import { bookingText } from './booking-text'

/** Books the visitor's slot; a failure is logged and rethrown for the machine to decide on. */
export async function bookSlot({ leadId, date, time }: SlotPick & { leadId: string }): Promise<BookingText> {
  try {
    await appointmentBookingApi.bookAppointment(leadId, istWallClock(date, time).toDate())
  } catch (error) {
    console.error('Appointment booking failed:', error)
    throw error
  }
  return bookingText(date, time)
}
