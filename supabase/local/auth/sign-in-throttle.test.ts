import { describe, expect, it } from 'vitest'
import { createSignInThrottle, type SignInThrottleOptions } from './sign-in-throttle.ts'

function throttleWithClock(options: SignInThrottleOptions = {}) {
  const clock = { now: 1_000_000 }
  const throttle = createSignInThrottle({ windowMs: 60_000, now: () => clock.now, ...options })
  const tries = (account: string, times: number) => Array.from({ length: times }, () => throttle.reserve({ account }))
  return { clock, throttle, tries }
}

describe('sign-in throttle', () => {
  it('counts an attempt when it is reserved, before any outcome, so attempts at once cannot exceed the limit', () => {
    const { throttle, tries } = throttleWithClock({ perAccount: 3 })
    expect(tries('admin', 3)).toEqual([0, 0, 0])
    expect(throttle.reserve({ account: 'admin' })).toBe(60_000)
    expect(throttle.reserve({ account: 'other' })).toBe(0)
  })

  it('refuses an account until its oldest counted attempt has left the window, without counting refusals', () => {
    const { clock, throttle, tries } = throttleWithClock({ perAccount: 3 })
    tries('admin', 1)
    clock.now += 10_000
    tries('admin', 2)
    clock.now += 49_999
    expect(tries('admin', 50).every((wait) => wait === 1)).toBe(true)
    clock.now += 1
    expect(throttle.reserve({ account: 'admin' })).toBe(0)
    expect(throttle.reserve({ account: 'admin' })).toBe(10_000)
  })

  it('forgets the account after a success', () => {
    const { throttle, tries } = throttleWithClock({ perAccount: 2 })
    tries('admin', 2)
    throttle.recordSuccess('admin')
    expect(tries('admin', 3)).toEqual([0, 0, 60_000])
  })

  it('limits each address on its own, whatever accounts it tries, and a success does not reset it', () => {
    const { throttle } = throttleWithClock({ perAccount: 10, perAddress: 3 })
    const fromAttacker = ['a', 'b', 'c', 'd'].map((account) => throttle.reserve({ account, address: '203.0.113.7' }))
    expect(fromAttacker).toEqual([0, 0, 0, 60_000])
    throttle.recordSuccess('c')
    expect(throttle.reserve({ account: 'e', address: '203.0.113.7' })).toBe(60_000)
    expect(throttle.reserve({ account: 'e', address: '198.51.100.20' })).toBe(0)
    expect(throttle.reserve({ account: 'e' })).toBe(0)
  })

  it('does not count the account when the address is refused', () => {
    const { throttle, tries } = throttleWithClock({ perAccount: 2, perAddress: 1 })
    throttle.reserve({ account: 'x', address: '203.0.113.7' })
    expect(throttle.reserve({ account: 'admin', address: '203.0.113.7' })).toBe(60_000)
    expect(tries('admin', 3)).toEqual([0, 0, 60_000])
  })
})

describe('sign-in throttle memory', () => {
  it('keeps a lockout through a flood of 20,000 other emails', () => {
    const { throttle, tries } = throttleWithClock({ perAccount: 3 })
    tries('admin', 3)
    for (let i = 0; i < 20_000; i++) throttle.reserve({ account: `flood-${i}@example.com` })
    expect(throttle.reserve({ account: 'admin' })).toBe(60_000)
  })

  it('makes room by forgetting the least recently tried accounts that are not locked out', () => {
    const { clock, throttle, tries } = throttleWithClock({ perAccount: 2, capacity: 3 })
    tries('locked', 2)
    tries('oldest', 1)
    clock.now += 10
    tries('newer', 1)
    clock.now += 10
    expect(throttle.reserve({ account: 'newcomer' })).toBe(0)

    expect(throttle.reserve({ account: 'locked' })).toBe(60_000 - 20)
    expect(tries('newer', 2)).toEqual([0, 60_000 - 10])
    expect(tries('oldest', 3)).toEqual([0, 0, 60_000])
  })

  it('forgets accounts whose attempts have left the window, lockouts included, before recent ones', () => {
    const { clock, throttle, tries } = throttleWithClock({ perAccount: 2, capacity: 2 })
    tries('expired', 2)
    clock.now += 30_000
    tries('recent', 1)
    clock.now += 30_000
    expect(throttle.reserve({ account: 'newcomer' })).toBe(0)
    expect(tries('recent', 2)).toEqual([0, 30_000])
  })

  it('stays bounded when every remembered account is locked out: a new one waits for the first lockout to end', () => {
    const { clock, throttle, tries } = throttleWithClock({ perAccount: 1, capacity: 2 })
    tries('first', 1)
    clock.now += 5_000
    tries('second', 1)
    expect(throttle.reserve({ account: 'newcomer' })).toBe(55_000)
    expect(throttle.reserve({ account: 'first' })).toBe(55_000)
    expect(throttle.reserve({ account: 'second' })).toBe(60_000)
    clock.now += 55_000
    expect(throttle.reserve({ account: 'newcomer' })).toBe(0)
    expect(throttle.reserve({ account: 'second' })).toBe(5_000)
  })
})
