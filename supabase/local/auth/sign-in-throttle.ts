import { createAttemptLimiter } from './attempt-limiter.ts'

export interface SignInAttempt {
  /** Whose password is tried: the user's id, or the typed email when no user has it. */
  account: string
  /** The client's address; absent when per-address limits are off. */
  address?: string
}

export interface SignInThrottle {
  /**
   * Counts the attempt before its password is checked and answers 0; or, when the account or the
   * address has used up its attempts, answers the milliseconds to wait, and the password must not
   * be checked.
   */
  reserve(attempt: SignInAttempt): number
  /** The right password: the account's attempts are forgotten (the address's stay counted). */
  recordSuccess(account: string): void
}

export interface SignInThrottleOptions {
  perAccount?: number
  perAddress?: number
  windowMs?: number
  /** How many accounts, and how many addresses, are remembered at most. */
  capacity?: number
  now?: () => number
}

/**
 * Slows password guessing: at most `perAccount` (10) attempts per account and `perAddress` (30)
 * per client address within any `windowMs` (15 minutes). Counting before the check means
 * requests sent at once cannot get more checks than that.
 */
export function createSignInThrottle(options: SignInThrottleOptions = {}): SignInThrottle {
  const shared = { windowMs: options.windowMs ?? 15 * 60 * 1000, capacity: options.capacity ?? 10_000, now: options.now ?? Date.now }
  const accounts = createAttemptLimiter({ ...shared, maxAttempts: options.perAccount ?? 10 })
  const addresses = createAttemptLimiter({ ...shared, maxAttempts: options.perAddress ?? 30 })
  return {
    reserve({ account, address }) {
      const addressWait = address === undefined ? 0 : addresses.reserve(address)
      return addressWait > 0 ? addressWait : accounts.reserve(account)
    },
    recordSuccess(account) {
      accounts.forget(account)
    },
  }
}
