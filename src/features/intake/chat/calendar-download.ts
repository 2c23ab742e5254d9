import { appointmentCalendarFile, appointmentUid } from '@/features/scheduling/calendar-file'
import { brand } from '@/lib/brand'
import { downloadFile } from '@/lib/download-file'
import type { Booking } from '../machine/intake-types'

/** The event's name and notes in the visitor's language. */
export interface CalendarTexts {
  title: string
  details: string
}

/** Downloads the visitor's booking as an .ics file for their calendar. Loaded on the click, so the writer stays out of the chat's first screen. */
export function downloadBookingCalendar(booking: Booking, texts: CalendarTexts): void {
  const file = appointmentCalendarFile({ slot: booking.slot, uid: appointmentUid(booking.manageTokenHash, brand), ...texts }, brand)
  downloadFile(`${brand.short_name}-consultation-${booking.day}.ics`, new Blob([file], { type: 'text/calendar;charset=utf-8' }))
}
