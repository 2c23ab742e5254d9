import { describe, expect, it } from 'vitest'
import { bookableDates, dateKeyOfPickedDay, monthRange, pickerDayOf, slotInstant, slotsForDate } from './slot-rules'

// Tuesday 24 Nov 2026, 11:30 IST
const now = new Date('2026-11-24T06:00:00Z')

const offered = [
  { slot: slotInstant('2026-11-24', '17:00'), capacity: 2, taken: 1 },
  { slot: slotInstant('2026-11-24', '09:00'), capacity: 1, taken: 0 },
  { slot: slotInstant('2026-11-24', '23:30'), capacity: 1, taken: 1 },
  { slot: slotInstant('2026-11-25', '00:15'), capacity: 1, taken: 0 },
  { slot: slotInstant('2026-11-26', '10:00'), capacity: 3, taken: 3 },
]

describe('slot rules', () => {
  it("lists an IST date's offered slots in time order, past and full ones unavailable", () => {
    expect(slotsForDate('2026-11-24', now, offered)).toEqual([
      { time: '09:00', label: '9:00 AM', available: false },
      { time: '17:00', label: '5:00 PM', available: true },
      { time: '23:30', label: '11:30 PM', available: false },
    ])
    expect(slotsForDate('2026-11-25', now, offered)).toEqual([{ time: '00:15', label: '12:15 AM', available: true }])
    expect(slotsForDate('2026-11-27', now, offered)).toEqual([])
  })

  it('makes a date bookable only with a slot a booking still fits in', () => {
    expect([...bookableDates(now, offered)].sort()).toEqual(['2026-11-24', '2026-11-25'])
  })

  it("spans the IST month of a date, leap days included", () => {
    expect(monthRange('2026-11-24')).toEqual({ fromDate: '2026-11-01', toDate: '2026-11-30' })
    expect(monthRange('2028-02-10')).toEqual({ fromDate: '2028-02-01', toDate: '2028-02-29' })
    expect(monthRange('2026-12-31')).toEqual({ fromDate: '2026-12-01', toDate: '2026-12-31' })
  })

  it('shows an IST date as the calendar day of the same number', () => {
    for (const key of ['2026-11-24', '2027-01-25', '2028-02-29']) expect(dateKeyOfPickedDay(pickerDayOf(key))).toBe(key)
  })

  it('stores a slot as the IST wall-clock instant whatever the browser zone', () => {
    expect(slotInstant('2026-11-25', '09:00')).toBe('2026-11-25T03:30:00.000Z')
    expect(slotInstant('2026-11-25', '17:00')).toBe('2026-11-25T11:30:00.000Z')
  })
})
