import { describe, expect, it } from 'vitest'
import { customPeriod, lastDays, lastDaysRange } from './insights-period'

const today = '2026-11-22'

describe('insights periods: IST calendar days, the end date included', () => {
  it('counts the last days back from today, today included', () => {
    expect(lastDaysRange(7, today)).toEqual({ from: '2026-11-16', to: today })
    expect(lastDays(7, today)).toEqual({ from: '2026-11-15T18:30:00.000Z', to: '2026-11-22T18:30:00.000Z' })
    expect(lastDaysRange(90, '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' })
  })

  it('turns custom dates into the instants from the first midnight to the one after the end date', () => {
    expect(customPeriod({ from: '2026-11-01', to: '2026-11-01' }, today)).toEqual({
      period: { from: '2026-10-31T18:30:00.000Z', to: '2026-11-01T18:30:00.000Z' },
    })
    expect(customPeriod({ from: ' 2025-10-19 ', to: today }, today)).toMatchObject({ period: { from: '2025-10-18T18:30:00.000Z' } })
  })

  it.each([
    [{ from: '', to: '' }, { from: 'Choose a start date', to: 'Choose an end date' }],
    [{ from: '2026-02-30', to: '2026-03-01' }, { from: 'Enter a valid start date' }],
    [{ from: '2026-01-01', to: '<script>' }, { to: 'Enter a valid end date' }],
    [{ from: '2026-01-01', to: '9'.repeat(10_000) }, { to: 'Enter a valid end date' }],
    [{ from: '2026-11-20', to: '2026-11-10' }, { to: 'The end date must be on or after the start date' }],
    [{ from: '2026-11-20', to: '2026-11-23' }, { to: 'The end date cannot be after today' }],
    [{ from: '2025-10-18', to: today }, { from: 'A period can cover at most 400 days' }],
  ])('explains what is wrong with %j', (range, problems) => {
    expect(customPeriod(range, today)).toEqual({ problems })
  })
})
