import { istWallClock } from '@/lib/dayjs'
import type { BookingText } from '../machine/intake-types'

/** How the chat names an IST slot, whatever the visitor's zone: 'Monday, 24 November 2026', '11:00 AM' (with its date, '2026-11-24'). */
export function bookingText(dateKey: string, time: string): BookingText {
  const slot = istWallClock(dateKey, time)
  return { date: slot.format('dddd, D MMMM YYYY'), time: slot.format('h:mm A'), day: slot.format('YYYY-MM-DD') }
}
