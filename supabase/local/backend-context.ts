import type { SignInThrottle } from './auth/sign-in-throttle.ts'
import type { Database } from './db/database.ts'
import type { BackendKeys } from './keys.ts'
import type { ObjectStore } from './storage/object-store.ts'

/** Everything a request handler needs; built once per running backend. */
export interface BackendContext {
  db: Database
  keys: BackendKeys
  objects: ObjectStore
  /** Access-token lifetime in seconds. */
  jwtExpiry: number
  signInThrottle: SignInThrottle
}
