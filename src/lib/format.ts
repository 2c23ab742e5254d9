import { businessTimeZone } from './dayjs'

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
})
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
})
const longDateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: businessTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: businessTimeZone,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/** '22 Nov 2026, 03:30 pm' in IST. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/** '22 Nov 2026' in IST. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

/** 'Sunday, 22 November 2026' in IST. */
export function formatLongDate(iso: string): string {
  return longDateFormat.format(new Date(iso))
}

/** '3:30 pm' in IST. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}
