import { expect, test } from 'vitest'
import { appointmentCalendarFile, appointmentUid } from './calendar-file'

const business = { title: 'Kanak; Gold, & Co\\', address: 'Shop 4, Main Road\nJaipur', phone: '919876543210', short_name: 'kanak' }
const appointment = { slot: '2026-11-30T05:30:00.000Z', uid: appointmentUid('ab'.repeat(32), business), title: 'Consultation', details: 'Change: https://x.in/booking#t' }

/** The file's content lines (RFC 5545 3.1: folded lines joined), each as its name with parameters and its value. */
function contentLines(file: string): Map<string, string> {
  const unfolded = file.replace(/\r\n[ \t]/g, '')
  return new Map(
    unfolded
      .split('\r\n')
      .filter((line) => line.length > 0)
      .map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon), line.slice(colon + 1)] as const
      }),
  )
}

/** A TEXT value as written, unescaped (RFC 5545 3.3.11). */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char))
}

test('the event starts at the IST wall-clock slot and lasts an hour, in a declared Asia/Kolkata zone', () => {
  const lines = contentLines(appointmentCalendarFile(appointment, business))
  expect(lines.get('DTSTART;TZID=Asia/Kolkata')).toBe('20261130T110000')
  expect(lines.get('DTEND;TZID=Asia/Kolkata')).toBe('20261130T120000')
  expect(lines.get('TZID')).toBe('Asia/Kolkata')
  expect(lines.get('TZOFFSETTO')).toBe('+0530')
})

test('a slot late in the IST evening stays on its IST date', () => {
  const lines = contentLines(appointmentCalendarFile({ ...appointment, slot: '2026-12-31T18:00:00.000Z' }, business))
  expect(lines.get('DTSTART;TZID=Asia/Kolkata')).toBe('20261231T233000')
  expect(lines.get('DTEND;TZID=Asia/Kolkata')).toBe('20270101T003000')
})

test('the UID is the same for every download of one booking and differs between bookings', () => {
  const first = contentLines(appointmentCalendarFile(appointment, business, new Date('2026-11-01T00:00:00Z')))
  const again = contentLines(appointmentCalendarFile(appointment, business, new Date('2026-11-02T00:00:00Z')))
  const other = contentLines(appointmentCalendarFile({ ...appointment, uid: appointmentUid('cd'.repeat(32), business) }, business))
  expect(first.get('UID')).toBe(`${'ab'.repeat(32)}@kanak.booking`)
  expect(again.get('UID')).toBe(first.get('UID'))
  expect(other.get('UID')).not.toBe(first.get('UID'))
  expect(first.get('DTSTAMP')).toBe('20261101T000000Z')
})

test("the brand's name, address and phone come back intact from their escaped form", () => {
  const lines = contentLines(appointmentCalendarFile(appointment, business))
  expect(unescapeText(lines.get('SUMMARY') ?? '')).toBe(`Consultation: ${business.title}`)
  expect(unescapeText(lines.get('LOCATION') ?? '')).toBe(business.address)
  expect(unescapeText(lines.get('DESCRIPTION') ?? '')).toBe(`${appointment.details}\n+919876543210`)
  expect(lines.get('SUMMARY')).toContain('Kanak\\; Gold\\, & Co\\\\')
})

test('the file is one calendar with one event and CRLF line ends', () => {
  const file = appointmentCalendarFile(appointment, business)
  expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(file.match(/^BEGIN:VEVENT$/gm)).toHaveLength(1)
  expect(file.replace(/\r\n/g, '')).not.toContain('\n')
})
