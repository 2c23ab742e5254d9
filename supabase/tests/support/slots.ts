/** Appointment slot instants in the business time zone, Asia/Kolkata (UTC+05:30, no daylight saving). */
const istOffsetMs = (5 * 60 + 30) * 60 * 1000
const dayMs = 24 * 60 * 60 * 1000

/** The IST calendar day `daysAhead` days after today, as YYYY-MM-DD. */
export function istDay(daysAhead: number, now = Date.now()): string {
  return new Date(now + istOffsetMs + daysAhead * dayMs).toISOString().slice(0, 10)
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/** The next `count` Monday-to-Friday IST days, starting `daysAhead` days after today. */
export function weekdaysFrom(daysAhead: number, count: number): string[] {
  const days: string[] = []
  for (let offset = daysAhead; days.length < count; offset += 1) {
    const day = istDay(offset)
    const weekday = dayOfWeek(day)
    if (weekday !== 0 && weekday !== 6) days.push(day)
  }
  return days
}

/** The first Saturday at least `daysAhead` days after today. */
export function saturdayFrom(daysAhead: number): string {
  for (let offset = daysAhead; ; offset += 1) {
    const day = istDay(offset)
    if (dayOfWeek(day) === 6) return day
  }
}

/** ISO timestamp of hour:minute IST on an IST day. */
export function istSlot(day: string, hour: number, minute = 0): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`
}

/**
 * Test files share one backend and the slot index is global, so each file of this suite books in
 * its own band of 1000 days, from about five years ahead where other suites' fixed slots are not
 * (a random start inside the band keeps reruns on a kept database clear too).
 */
export function randomFutureOffsetDays(band: number): number {
  return 2000 + band * 1000 + Math.floor(Math.random() * 900)
}

export function sameInstant(a: string, b: string): boolean {
  return new Date(a).getTime() === new Date(b).getTime()
}

/** A Monday-to-Friday IST day in the past week. */
export function pastWeekday(): string {
  const [day] = weekdaysFrom(-7, 1)
  if (!day) throw new Error('no weekday found in the past week')
  return day
}

/** The IST days, `first` to `last` days after today, that are Monday to Friday. */
export function weekdaysBetween(first: number, last: number): string[] {
  return weekdaysFrom(first, last - first + 1).filter((day) => day <= istDay(last))
}

/** How many IST days ahead visitors may book with the booking settings' default horizon. */
export const defaultHorizonDays = 62

/**
 * Visitors book at most 62 IST days ahead, and test files share one backend: each file that books as
 * a visitor takes its own band of eight days in that range (band 0: 3 to 10 days ahead, band 1: 11 to
 * 18, ... band 6: 51 to 58), at least five weekdays.
 */
export function visitorBookingDays(band: number): string[] {
  if (band < 0 || band > 6) throw new Error(`visitor booking bands are 0 to 6, got ${band}`)
  return weekdaysBetween(3 + band * 8, 10 + band * 8)
}
