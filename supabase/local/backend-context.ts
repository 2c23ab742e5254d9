import type { Database } from './db/database.ts'
import type { ProxyTrust } from './http/client-address.ts'
import type { BackendKeys } from './keys.ts'

/** What every service shares; built once per running backend. Each service adds its own state. */
export interface BackendContext {
  db: Database
  keys: BackendKeys
  /** Access-token lifetime in seconds. */
  jwtExpiry: number
  /** Per-address limits on (anonymous writes through the pre-request function, sign-in attempts per address). */
  rateLimits: boolean
  /** Password sign-ins one address may try in the sign-in window. */
  signInAttemptsPerAddress: number
  trustProxy: ProxyTrust
}
