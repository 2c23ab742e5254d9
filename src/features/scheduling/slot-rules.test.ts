import { describe, expect, it } from 'vitest'
import { dateKeyOfPickedDay, isBookableDate, pickerDayOf, slotInstant, slotsForDate, visitorBookingDays } from './slot-rules'

// Monday 24 Nov 2026, 11:30 IST
const now = new Date('2026-11-24T06:00:00Z')

describe('slot rules', () => {
  it('offers nine hourly slots from 9:00 AM to 5:00 PM', () => {
    expect(slotsForDate('2026-11-25', now, []).map((slot) => slot.label)).toEqual([
      '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM',
    ])
  })

  it('allows today and later weekdays, refuses past dates and weekends', () => {
    expect(isBookableDate('2026-11-24', now)).toBe(true)
    expect(isBookableDate('2026-11-25', now)).toBe(true)
    expect(isBookableDate('2026-11-23', now)).toBe(false)
    expect(isBookableDate('2026-11-28', now)).toBe(false)
    expect(isBookableDate('2026-11-29', now)).toBe(false)
  })

  it("allows a visitor's range of days past today, and any later day without one", () => {
    expect(visitorBookingDays).toBe(62)
    expect(isBookableDate('2027-01-25', now, visitorBookingDays)).toBe(true)
    expect(isBookableDate('2027-01-26', now, visitorBookingDays)).toBe(false)
    expect(isBookableDate('2027-01-26', now)).toBe(true)
    expect(isBookableDate('2026-11-24', now, 0)).toBe(true)
    expect(isBookableDate('2026-11-25', now, 0)).toBe(false)
  })

  it('shows an IST date as the calendar day of the same number', () => {
    for (const key of ['2026-11-24', '2027-01-25', '2028-02-29']) expect(dateKeyOfPickedDay(pickerDayOf(key))).toBe(key)
  })

  it('stores a slot as the IST wall-clock instant whatever the browser zone', () => {
    expect(slotInstant('2026-11-25', '09:00')).toBe('2026-11-25T03:30:00.000Z')
    expect(slotInstant('2026-11-25', '17:00')).toBe('2026-11-25T11:30:00.000Z')
  })

  it("disables today's past slots and taken slots", () => {
    const taken = ['2026-11-24T08:30:00+00:00']
    const slots = slotsForDate('2026-11-24', now, taken)
    expect(slots.filter((slot) => slot.available).map((slot) => slot.time)).toEqual([
      '12:00', '13:00', '15:00', '16:00', '17:00',
    ])
  })

  it('disables every slot of a weekend', () => {
    expect(slotsForDate('2026-11-28', now, []).some((slot) => slot.available)).toBe(false)
  })
})
