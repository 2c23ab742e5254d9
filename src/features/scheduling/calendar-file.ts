import ical from 'ical-generator'
import type { Brand } from '@/lib/brand.schema'
import { businessTimeZone, inIst } from '@/lib/dayjs'

/** How long a consultation lasts in the visitor's calendar. */
const consultationMinutes = 60

/** India has kept +05:30 without daylight saving since 1945, so one fixed rule describes every slot. */
const istTimeZoneBlock = [
  'BEGIN:VTIMEZONE',
  `TZID:${businessTimeZone}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n')

export interface CalendarAppointment {
  /** The slot's instant (ISO 8601). */
  slot: string
  /** The same for every download of one booking, so a calendar updates the event instead of adding another. */
  uid: string
  /** The event's name in the visitor's language. */
  title: string
  /** The event's notes in the visitor's language (the manage link, say). */
  details: string
}

/** A booking's UID: its manage token's hash, which names the booking without revealing the token. */
export function appointmentUid(tokenHash: string, business: Pick<Brand, 'short_name'>): string {
  return `${tokenHash}@${business.short_name}.booking`
}

/** The booking as an iCalendar file (RFC 5545): the IST slot, an hour long, at the business, with its phone. */
export function appointmentCalendarFile(
  appointment: CalendarAppointment,
  business: Pick<Brand, 'title' | 'address' | 'phone'>,
  now: Date = new Date(),
): string {
  const calendar = ical({
    prodId: { company: business.title, product: 'consultation' },
    timezone: { name: null, generator: () => istTimeZoneBlock },
  })
  const start = inIst(appointment.slot)
  calendar.createEvent({
    id: appointment.uid,
    stamp: now,
    start,
    end: start.add(consultationMinutes, 'minute'),
    timezone: businessTimeZone,
    summary: `${appointment.title}: ${business.title}`,
    location: business.address,
    description: `${appointment.details}\n+${business.phone}`,
  })
  return calendar.toString()
}
