export interface SignInThrottle {
  /** Milliseconds to wait before this email may try again; 0 when it may try now. */
  retryAfter(email: string): number
  recordFailure(email: string): void
  recordSuccess(email: string): void
}

/**
 * Slows password guessing: after `maxFailures` wrong passwords for one email within `windowMs`,
 * that email is refused until the window since its first failure has passed.
 */
export function createSignInThrottle(options: { maxFailures?: number; windowMs?: number; now?: () => number } = {}): SignInThrottle {
  const maxFailures = options.maxFailures ?? 10
  const windowMs = options.windowMs ?? 15 * 60 * 1000
  const now = options.now ?? Date.now
  const failures = new Map<string, { since: number; count: number }>()
  const key = (email: string) => email.trim().toLowerCase()

  function current(email: string) {
    const entry = failures.get(key(email))
    if (entry && now() - entry.since >= windowMs) {
      failures.delete(key(email))
      return undefined
    }
    return entry
  }

  return {
    retryAfter(email) {
      const entry = current(email)
      return entry && entry.count >= maxFailures ? entry.since + windowMs - now() : 0
    },
    recordFailure(email) {
      const entry = current(email)
      if (entry) entry.count += 1
      else {
        if (failures.size >= 10_000) failures.clear()
        failures.set(key(email), { since: now(), count: 1 })
      }
    },
    recordSuccess(email) {
      failures.delete(key(email))
    },
  }
}
