import { inIst, istDateKey, istWallClock } from '@/lib/dayjs'
import type { BookableSlot } from './api/scheduling-api'

/** '9:00 AM' for '09:00'. */
function slotLabel(time: string): string {
  return istWallClock('2000-01-03', time).format('h:mm A')
}

/** The instant of a slot on an IST date, as an ISO timestamp. */
export function slotInstant(dateKey: string, time: string): string {
  return istWallClock(dateKey, time).toISOString()
}

/** The first and last IST dates of the month that holds an IST date, for one bookable-slots query. */
export function monthRange(dateKey: string): { fromDate: string; toDate: string } {
  const first = istWallClock(`${dateKey.slice(0, 7)}-01`, '12:00')
  return { fromDate: first.format('YYYY-MM-DD'), toDate: first.endOf('month').format('YYYY-MM-DD') }
}

export interface SlotAvailability {
  /** IST 'HH:MM'. */
  time: string
  label: string
  /** Not past, and fewer active bookings than its capacity. */
  available: boolean
}

function isOpen(slot: BookableSlot, now: Date): boolean {
  return slot.taken < slot.capacity && new Date(slot.slot).getTime() > now.getTime()
}

/** The slots offered on an IST date, in time order; full and past ones unavailable. */
export function slotsForDate(dateKey: string, now: Date, offered: readonly BookableSlot[]): SlotAvailability[] {
  return offered
    .filter((slot) => istDateKey(slot.slot) === dateKey)
    .map((slot) => {
      const time = inIst(slot.slot).format('HH:mm')
      return { time, label: slotLabel(time), available: isOpen(slot, now) }
    })
    .sort((a, b) => a.time.localeCompare(b.time))
}

/** The IST dates with at least one slot a booking still fits in. */
export function bookableDates(now: Date, offered: readonly BookableSlot[]): Set<string> {
  return new Set(offered.filter((slot) => isOpen(slot, now)).map((slot) => istDateKey(slot.slot)))
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
