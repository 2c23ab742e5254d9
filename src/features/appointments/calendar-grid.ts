import { dayjs, istDateKey, istWallClock } from '../../lib/dayjs'
import type { AppointmentRow } from './appointment-rows'

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

/** Every day of the weeks covering the month (YYYY-MM), Sunday first, with its IST appointments. */
export function monthGrid(month: string, rows: readonly AppointmentRow[], now: Date): CalendarDay[] {
  const byDate = new Map<string, AppointmentRow[]>()
  for (const row of [...rows].sort((a, b) => a.appointment.slot_datetime.localeCompare(b.appointment.slot_datetime))) {
    const key = istDateKey(row.appointment.slot_datetime)
    byDate.set(key, [...(byDate.get(key) ?? []), row])
  }
  const first = istWallClock(`${month}-01`, '12:00')
  const start = first.subtract(first.day(), 'day')
  const last = first.endOf('month')
  const end = last.add(6 - last.day(), 'day')
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
