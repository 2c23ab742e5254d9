import { dayjs, istDateKey, istWallClock } from '@/lib/dayjs'
import type { AppointmentRow } from './appointment.schema'

export const visiblePerDay = 3

export interface CalendarDay {
  dateKey: string
  dayOfMonth: number
  inMonth: boolean
  isToday: boolean
  /** The first three appointments of the day, earliest first. */
  shown: AppointmentRow[]
  /** How many more the cell summarises as '+N more'. */
  moreCount: number
  all: AppointmentRow[]
}

/** The IST days the month's grid shows: from the Sunday before the 1st to the Saturday after the last day. */
function gridDays(month: string) {
  const first = istWallClock(`${month}-01`, '12:00')
  const last = first.endOf('month')
  return { first, start: first.subtract(first.day(), 'day'), end: last.add(6 - last.day(), 'day') }
}

/** The instants the month's grid covers, from its first day's IST midnight to the midnight after its last: what the calendar loads. */
export function gridRange(month: string): { fromIso: string; toIso: string } {
  const { start, end } = gridDays(month)
  return {
    fromIso: istWallClock(start.format('YYYY-MM-DD'), '00:00').toISOString(),
    toIso: istWallClock(end.add(1, 'day').format('YYYY-MM-DD'), '00:00').toISOString(),
  }
}

/** Every day of the weeks covering the month (YYYY-MM), Sunday first, with its IST appointments. */
export function monthGrid(month: string, rows: readonly AppointmentRow[], now: Date): CalendarDay[] {
  const byDate = new Map<string, AppointmentRow[]>()
  for (const row of [...rows].sort((a, b) => a.slot_datetime.localeCompare(b.slot_datetime))) {
    const key = istDateKey(row.slot_datetime)
    byDate.set(key, [...(byDate.get(key) ?? []), row])
  }
  const { first, start, end } = gridDays(month)
  const today = istDateKey(now)
  const days: CalendarDay[] = []
  for (let day = start; !day.isAfter(end, 'day'); day = day.add(1, 'day')) {
    const dateKey = day.format('YYYY-MM-DD')
    const all = byDate.get(dateKey) ?? []
    days.push({
      dateKey,
      dayOfMonth: day.date(),
      inMonth: day.month() === first.month(),
      isToday: dateKey === today,
      shown: all.slice(0, visiblePerDay),
      moreCount: Math.max(0, all.length - visiblePerDay),
      all,
    })
  }
  return days
}

export function shiftMonth(month: string, by: number): string {
  return dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM')
}

export function monthOf(now: Date): string {
  return istDateKey(now).slice(0, 7)
}
