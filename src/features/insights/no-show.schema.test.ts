import { expect, test } from 'vitest'
import { noShowRate } from './no-show.schema'

test('the no-show rate is the share of ended appointments, in whole percent, and none for a month without any', () => {
  expect(noShowRate({ month: '2026-11-01', ended: 4, no_shows: 2 })).toBe(50)
  expect(noShowRate({ month: '2026-11-01', ended: 3, no_shows: 1 })).toBe(33)
  expect(noShowRate({ month: '2026-11-01', ended: 0, no_shows: 0 })).toBeNull()
})
