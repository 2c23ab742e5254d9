import { describe, expect, it } from 'vitest'
import { createAttemptLimiter, type AttemptLimits } from './attempt-limiter.ts'

function limiterWithClock(limits: Partial<AttemptLimits> = {}) {
  const clock = { now: 1_000_000 }
  const limiter = createAttemptLimiter({ maxAttempts: 3, windowMs: 60_000, capacity: 10_000, now: () => clock.now, ...limits })
  const tries = (key: string, times: number) => Array.from({ length: times }, () => limiter.reserve(key))
  return { clock, limiter, tries }
}

describe('attempt limiter', () => {
  it('counts an attempt when it is reserved, before any outcome, so attempts at once cannot exceed the limit', () => {
    const { limiter, tries } = limiterWithClock()
    expect(tries('203.0.113.7', 3)).toEqual([0, 0, 0])
    expect(limiter.reserve('203.0.113.7')).toBe(60_000)
    expect(limiter.reserve('198.51.100.20')).toBe(0)
  })

  it('refuses a key until its oldest counted attempt has left the window, without counting refusals', () => {
    const { clock, limiter, tries } = limiterWithClock()
    tries('203.0.113.7', 1)
    clock.now += 10_000
    tries('203.0.113.7', 2)
    clock.now += 49_999
    expect(tries('203.0.113.7', 50).every((wait) => wait === 1)).toBe(true)
    clock.now += 1
    expect(limiter.reserve('203.0.113.7')).toBe(0)
    expect(limiter.reserve('203.0.113.7')).toBe(10_000)
  })
})

describe('attempt limiter memory', () => {
  it('keeps a lockout through a flood of 20,000 other keys', () => {
    const { limiter, tries } = limiterWithClock()
    tries('203.0.113.7', 3)
    for (let i = 0; i < 20_000; i++) limiter.reserve(`flood-${i}`)
    expect(limiter.reserve('203.0.113.7')).toBe(60_000)
  })

  it('makes room by forgetting the least recently tried keys that are not locked out', () => {
    const { clock, limiter, tries } = limiterWithClock({ maxAttempts: 2, capacity: 3 })
    tries('locked', 2)
    tries('oldest', 1)
    clock.now += 10
    tries('newer', 1)
    clock.now += 10
    expect(limiter.reserve('newcomer')).toBe(0)

    expect(limiter.reserve('locked')).toBe(60_000 - 20)
    expect(tries('newer', 2)).toEqual([0, 60_000 - 10])
    expect(tries('oldest', 3)).toEqual([0, 0, 60_000])
  })

  it('forgets keys whose attempts have left the window, lockouts included, before recent ones', () => {
    const { clock, limiter, tries } = limiterWithClock({ maxAttempts: 2, capacity: 2 })
    tries('expired', 2)
    clock.now += 30_000
    tries('recent', 1)
    clock.now += 30_000
    expect(limiter.reserve('newcomer')).toBe(0)
    expect(tries('recent', 2)).toEqual([0, 30_000])
  })

  it('stays bounded when every remembered key is locked out: a new one waits for the first lockout to end', () => {
    const { clock, limiter, tries } = limiterWithClock({ maxAttempts: 1, capacity: 2 })
    tries('first', 1)
    clock.now += 5_000
    tries('second', 1)
    expect(limiter.reserve('newcomer')).toBe(55_000)
    expect(limiter.reserve('first')).toBe(55_000)
    expect(limiter.reserve('second')).toBe(60_000)
    clock.now += 55_000
    expect(limiter.reserve('newcomer')).toBe(0)
    expect(limiter.reserve('second')).toBe(5_000)
  })
})
