import { istDateKey, istWallClock } from '@/lib/dayjs'
import type { InsightsPeriod } from './insights.schema'

/** The ready-made periods, in days up to and including today. */
export const presetDays = [7, 30, 90] as const
export type PresetDays = (typeof presetDays)[number]

/** The database answers for at most this many days (private.chat_period). */
export const maxPeriodDays = 400

/** Dates as a date input gives them: YYYY-MM-DD, IST calendar days, both included. */
export interface DateRange {
  from: string
  to: string
}

export type DateRangeProblems = Partial<Record<keyof DateRange, string>>

const dateKeyPattern = /^\d{4}-\d{2}-\d{2}$/

/** Midnight (IST) starting a calendar date, as an ISO instant; null for anything but a real YYYY-MM-DD date. */
function dayStart(dateKey: string): string | null {
  if (!dateKeyPattern.test(dateKey)) return null
  const start = istWallClock(dateKey, '00:00')
  return start.isValid() && istDateKey(start) === dateKey ? start.toISOString() : null
}

const nextDay = (dateKey: string) => istDateKey(istWallClock(dateKey, '12:00').add(1, 'day'))

/** The IST calendar dates of a period, both included. */
function periodOf(range: DateRange): InsightsPeriod {
  return { from: dayStart(range.from) ?? '', to: dayStart(nextDay(range.to)) ?? '' }
}

/** The last `days` calendar days in IST, today included. */
export function lastDaysRange(days: number, today: string): DateRange {
  return { from: istDateKey(istWallClock(today, '12:00').subtract(days - 1, 'day')), to: today }
}

export function lastDays(days: number, today: string): InsightsPeriod {
  return periodOf(lastDaysRange(days, today))
}

const dayCount = (range: DateRange) => istWallClock(range.to, '12:00').diff(istWallClock(range.from, '12:00'), 'day') + 1

/** A custom range as a period, or what is wrong with it, by field. */
export function customPeriod(range: DateRange, today: string): { period: InsightsPeriod } | { problems: DateRangeProblems } {
  const problems: DateRangeProblems = {}
  const from = range.from.trim()
  const to = range.to.trim()
  if (from === '') problems.from = 'Choose a start date'
  else if (dayStart(from) === null) problems.from = 'Enter a valid start date'
  if (to === '') problems.to = 'Choose an end date'
  else if (dayStart(to) === null) problems.to = 'Enter a valid end date'
  if (problems.from || problems.to) return { problems }
  if (to > today) return { problems: { to: 'The end date cannot be after today' } }
  if (from > to) return { problems: { to: 'The end date must be on or after the start date' } }
  if (dayCount({ from, to }) > maxPeriodDays) return { problems: { from: `A period can cover at most ${maxPeriodDays} days` } }
  return { period: periodOf({ from, to }) }
}
