import { describe, expect, it } from 'vitest'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import { gridRange, monthGrid, monthOf, shiftMonth } from './calendar-grid'

const row = (id: string, slot: string) => anAppointmentRow({ id, slot_datetime: slot })

const now = new Date('2026-11-22T06:00:00Z')

describe('calendar grid', () => {
  it('starts on the Sunday before the 1st and ends on the Saturday after the last day', () => {
    const days = monthGrid('2026-11', [], now)
    expect(days[0]?.dateKey).toBe('2026-11-01')
    expect(days.at(-1)?.dateKey).toBe('2026-12-05')
    expect(days).toHaveLength(35)
    const february = monthGrid('2026-02', [], now)
    expect(february[0]?.dateKey).toBe('2026-02-01')
    expect(february).toHaveLength(28)
    const march = monthGrid('2026-03', [], now)
    expect(march[0]?.dateKey).toBe('2026-03-01')
    expect(monthGrid('2026-08', [], now)[0]?.dateKey).toBe('2026-07-26')
  })

  it('marks today by the IST date and the days outside the month', () => {
    const days = monthGrid('2026-11', [], new Date('2026-11-21T19:00:00Z'))
    expect(days.filter((day) => day.isToday).map((day) => day.dateKey)).toEqual(['2026-11-22'])
    expect(days.filter((day) => !day.inMonth).map((day) => day.dateKey)).toEqual([
      '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05',
    ])
  })

  it('places an appointment on its IST day, even when UTC says the day before', () => {
    const days = monthGrid('2026-12', [row('late', '2026-11-30T19:00:00Z')], now)
    const first = days.find((day) => day.dateKey === '2026-12-01')
    expect(first?.shown.map((entry) => entry.id)).toEqual(['late'])
    expect(days.find((day) => day.dateKey === '2026-11-30')?.all).toEqual([])
  })

  it('shows the first three appointments of a day in time order, then counts the rest', () => {
    const rows = ['08:30', '03:30', '05:30', '04:30', '06:30'].map((time, index) => row(`a${index}`, `2026-11-25T${time}:00Z`))
    const day = monthGrid('2026-11', rows, now).find((entry) => entry.dateKey === '2026-11-25')
    expect(day?.shown.map((entry) => entry.slot_datetime.slice(11, 16))).toEqual(['03:30', '04:30', '05:30'])
    expect(day?.moreCount).toBe(2)
    expect(day?.all).toHaveLength(5)
  })

  it('loads the instants of the whole grid, from its first IST midnight to the midnight after its last day', () => {
    expect(gridRange('2026-11')).toEqual({ fromIso: '2026-10-31T18:30:00.000Z', toIso: '2026-12-05T18:30:00.000Z' })
    expect(gridRange('2026-08')).toEqual({ fromIso: '2026-07-25T18:30:00.000Z', toIso: '2026-09-05T18:30:00.000Z' })
  })

  it('moves between months across the year boundary', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(monthOf(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01')
  })
})
