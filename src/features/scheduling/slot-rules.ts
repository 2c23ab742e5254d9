import { istDateKey, istWallClock } from '@/lib/dayjs'

/** The nine hourly slots of a business day, as IST 'HH:MM'. */
const slotTimes = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const
type SlotTime = (typeof slotTimes)[number]

/** '9:00 AM' for '09:00'. */
function slotLabel(time: string): string {
  return istWallClock('2000-01-03', time).format('h:mm A')
}

/** How many IST days past today a visitor may book; the database refuses later ones (private.visitor_booking_days()). */
export const visitorBookingDays = 62

/** The IST date `days` days after today's. */
export function istDateAfter(now: Date, days: number): string {
  return istWallClock(istDateKey(now), '12:00').add(days, 'day').format('YYYY-MM-DD')
}

/** A weekday in IST, today or later, and at most `maxDaysAhead` days past today when given. */
export function isBookableDate(dateKey: string, now: Date, maxDaysAhead?: number): boolean {
  const day = istWallClock(dateKey, '00:00').day()
  const inRange = maxDaysAhead === undefined || dateKey <= istDateAfter(now, maxDaysAhead)
  return day !== 0 && day !== 6 && dateKey >= istDateKey(now) && inRange
}

/** The instant of a slot on an IST date, as an ISO timestamp. */
export function slotInstant(dateKey: string, time: string): string {
  return istWallClock(dateKey, time).toISOString()
}

export interface SlotAvailability {
  time: SlotTime
  label: string
  available: boolean
}

/** Slots of a date: those already past (today) and those taken are unavailable. */
export function slotsForDate(dateKey: string, now: Date, takenInstants: readonly string[]): SlotAvailability[] {
  const taken = new Set(takenInstants.map((instant) => new Date(instant).getTime()))
  const bookable = isBookableDate(dateKey, now)
  return slotTimes.map((time) => {
    const instant = istWallClock(dateKey, time)
    return {
      time,
      label: slotLabel(time),
      available: bookable && instant.valueOf() > now.getTime() && !taken.has(instant.valueOf()),
    }
  })
}

/** The calendar day (in the browser's own zone) that shows an IST date key: the inverse of dateKeyOfPickedDay. */
export function pickerDayOf(dateKey: string): Date {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, day)
}

/** The IST date key of a calendar day picked in the browser's own zone. */
export function dateKeyOfPickedDay(picked: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${picked.getFullYear()}-${pad(picked.getMonth() + 1)}-${pad(picked.getDate())}`
}

/** The first and last instants of an IST date, for the taken-slots query. */
export function istDayBounds(dateKey: string): { from: string; to: string } {
  const start = istWallClock(dateKey, '00:00')
  return { from: start.toISOString(), to: start.add(1, 'day').toISOString() }
}
