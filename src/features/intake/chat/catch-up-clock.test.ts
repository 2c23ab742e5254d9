import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { catchUpClock } from './catch-up-clock'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** The timeouts the clock sets for timers set one after the other, each when the previous fires. */
function timeoutsSet(clock: ReturnType<typeof catchUpClock>, timeouts: number[]): number[] {
  const set = vi.spyOn(globalThis, 'setTimeout')
  const next = (index: number) => {
    const timeout = timeouts[index]
    if (timeout !== undefined) clock.setTimeout(() => next(index + 1), timeout)
  }
  next(0)
  vi.runAllTimers()
  const given = set.mock.calls.map((call) => call[1] ?? 0)
  set.mockRestore()
  return given
}

test('timers one after the other make up the time the chat started late, then run as set', () => {
  expect(timeoutsSet(catchUpClock(() => 1200), [500, 1500, 1500])).toEqual([0, 800, 1500])
})

test('a chat seen long before it started runs its timers at once', () => {
  expect(timeoutsSet(catchUpClock(() => 5000), [500, 1500, 1500])).toEqual([0, 0, 0])
})

test('a chat that starts as it is seen keeps every timeout', () => {
  expect(timeoutsSet(catchUpClock(() => 0), [500, 1500])).toEqual([500, 1500])
  expect(timeoutsSet(catchUpClock(() => -20), [500])).toEqual([500])
})

test('how late the chat is is read when its first timer is set', () => {
  let behind = 0
  const clock = catchUpClock(() => behind)
  behind = 300
  expect(timeoutsSet(clock, [500])).toEqual([200])
})

test('a timer cleared before it fires does not fire, and gives back the time it made up', () => {
  const clock = catchUpClock(() => 1200)
  const fn = vi.fn()
  clock.clearTimeout(clock.setTimeout(fn, 500))
  vi.runAllTimers()
  expect(fn).not.toHaveBeenCalled()
  expect(timeoutsSet(clock, [500, 1500])).toEqual([0, 800])
})
