import { istWallClock } from '../../../lib/dayjs'

/** The long-form date and time of an IST slot, as the visitor reads them: 'Monday, 24 November 2026', '11:00 AM IST'. */
export function bookingText(dateKey: string, time: string): { date: string; time: string } {
  const slot = istWallClock(dateKey, time)
  return { date: slot.format('dddd, D MMMM YYYY'), time: `${slot.format('h:mm A')} IST` }
}
