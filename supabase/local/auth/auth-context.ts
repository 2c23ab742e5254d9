import type { BackendContext } from '../backend-context.ts'
import type { AttemptLimiter } from './attempt-limiter.ts'

export interface AuthContext extends BackendContext {
  /** Password sign-ins per client address (when per-address limits are on). */
  signInAddresses: AttemptLimiter
}
