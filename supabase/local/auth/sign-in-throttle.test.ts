import { describe, expect, it } from 'vitest'
import { createSignInThrottle } from './sign-in-throttle.ts'

describe('sign-in throttle', () => {
  it('refuses an email after repeated failures until its window has passed', () => {
    let clock = 1_000_000
    const throttle = createSignInThrottle({ maxFailures: 3, windowMs: 60_000, now: () => clock })
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('Admin@Example.com')).toBe(0)
      throttle.recordFailure('admin@example.com ')
    }
    expect(throttle.retryAfter('admin@example.com')).toBe(60_000)
    expect(throttle.retryAfter('other@example.com')).toBe(0)
    clock += 59_999
    expect(throttle.retryAfter('admin@example.com')).toBe(1)
    clock += 1
    expect(throttle.retryAfter('admin@example.com')).toBe(0)
  })

  it('forgets failures after a successful sign-in', () => {
    const throttle = createSignInThrottle({ maxFailures: 2, now: () => 0 })
    throttle.recordFailure('a@example.com')
    throttle.recordSuccess('a@example.com')
    throttle.recordFailure('a@example.com')
    expect(throttle.retryAfter('a@example.com')).toBe(0)
  })
})
