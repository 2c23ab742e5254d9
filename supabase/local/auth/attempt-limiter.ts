/** Counts attempts per key within a sliding window, remembering at most `capacity` keys. */
export interface AttemptLimiter {
  /** Counts an attempt of `key` and answers 0; or, when `key` has used up its attempts, the milliseconds until it may try again (nothing counted). */
  reserve(key: string): number
}

export interface AttemptLimits {
  maxAttempts: number
  windowMs: number
  capacity: number
  now: () => number
}

export function createAttemptLimiter({ maxAttempts, windowMs, capacity, now }: AttemptLimits): AttemptLimiter {
  // Attempt times per key, oldest first. The map's own order is least recently attempted first.
  const attempts = new Map<string, number[]>()

  const inWindow = (times: number[], at: number) => times.filter((time) => at - time < windowMs)

  /** 0 when `times` leave room for another attempt at `at`, else how long until the oldest counted one leaves the window. */
  function waitFor(times: number[], at: number): number {
    const recent = inWindow(times, at)
    return recent.length < maxAttempts ? 0 : (recent[recent.length - maxAttempts] as number) + windowMs - at
  }

  /**
   * Drops the least recently attempted keys that are not locked out; keys whose attempts have all
   * left the window are the least recent, so they go first.
   */
  function makeRoom(at: number): void {
    for (const [key, times] of attempts) {
      if (attempts.size < capacity) return
      if (waitFor(times, at) === 0) attempts.delete(key)
    }
  }

  /** When every remembered key is locked out, a new key waits for the first lockout to end rather than ending one. */
  function waitForRoom(at: number): number {
    let soonest = windowMs
    for (const times of attempts.values()) soonest = Math.min(soonest, waitFor(times, at))
    return soonest
  }

  return {
    reserve(key) {
      const at = now()
      const times = inWindow(attempts.get(key) ?? [], at)
      const wait = waitFor(times, at)
      if (wait > 0) return wait
      attempts.delete(key)
      if (attempts.size >= capacity) makeRoom(at)
      if (attempts.size >= capacity) return waitForRoom(at)
      attempts.set(key, [...times, at])
      return 0
    },
  }
}
