import { expect, test } from 'vitest'
import { bookingText } from './booking-text'

test('a slot reads as the long IST date and the IST time, whatever the machine zone', () => {
  expect(bookingText('2026-11-24', '11:00')).toEqual({ date: 'Tuesday, 24 November 2026', time: '11:00 AM', day: '2026-11-24' })
  expect(bookingText('2027-01-01', '17:00')).toEqual({ date: 'Friday, 1 January 2027', time: '5:00 PM', day: '2027-01-01' })
})
