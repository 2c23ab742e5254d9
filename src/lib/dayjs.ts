import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The business time zone: slots, "today" and dashboard dates are all in IST. */
export const businessTimeZone = 'Asia/Kolkata'

/** A moment seen on the IST wall clock. */
export function inIst(moment: string | number | Date | dayjs.Dayjs): dayjs.Dayjs {
  return dayjs(moment).tz(businessTimeZone)
}

/** The IST calendar date of a moment, as YYYY-MM-DD. */
export function istDateKey(moment: string | number | Date | dayjs.Dayjs): string {
  return inIst(moment).format('YYYY-MM-DD')
}

/** The instant at which an IST wall-clock date and 'HH:MM' time happen. */
export function istWallClock(dateKey: string, time: string): dayjs.Dayjs {
  return dayjs.tz(`${dateKey} ${time}`, 'YYYY-MM-DD HH:mm', businessTimeZone)
}

export { dayjs }
