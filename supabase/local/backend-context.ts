import type { SignInThrottle } from './auth/sign-in-throttle.ts'
import type { Database } from './db/database.ts'
import type { ProxyTrust } from './http/client-address.ts'
import type { BackendKeys } from './keys.ts'
import type { ObjectStore } from './storage/object-store.ts'
import type { UploadSlots } from './storage/upload-slots.ts'

/** Everything a request handler needs; built once per running backend. */
export interface BackendContext {
  db: Database
  keys: BackendKeys
  objects: ObjectStore
  /** Caps uploads in progress; past it, uploads answer 503. */
  uploadSlots: UploadSlots
  /** Access-token lifetime in seconds. */
  jwtExpiry: number
  signInThrottle: SignInThrottle
  /** Per-address limits on (anonymous writes through the pre-request function, sign-in attempts per address). */
  rateLimits: boolean
  trustProxy: ProxyTrust
}
