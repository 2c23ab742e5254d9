import type { BackendContext } from '../backend-context.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

export interface AuthContext extends BackendContext {
  signInThrottle: SignInThrottle
}
