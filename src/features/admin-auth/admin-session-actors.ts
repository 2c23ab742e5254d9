import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { AdminUser, AuthApi } from './api/auth-api'
import type { Credentials, SessionChanged } from './admin-session.machine'

export type SessionAuth = Pick<AuthApi, 'currentSessionUser' | 'signIn' | 'onSessionChange'>

/**
 * The session machine's actors over an auth API that loads when first asked for (it brings
 * supabase-js), so a sign-in screen with no stored session loads none of it.
 */
export function adminSessionActors(loadAuth: () => Promise<SessionAuth>) {
  return {
    restoreSession: fromPromise<AdminUser | null>(async () => (await loadAuth()).currentSessionUser()),
    signIn: fromPromise<AdminUser, Credentials>(async ({ input }) => (await loadAuth()).signIn(input.email, input.password)),
    followSession: fromCallback<EventObject, undefined, SessionChanged>(({ sendBack }) => {
      let stopped = false
      let unsubscribe = () => {}
      loadAuth().then(
        (auth) => {
          if (!stopped) unsubscribe = auth.onSessionChange((user) => sendBack({ type: 'session.changed', user }))
        },
        (error: unknown) => console.error('The session cannot be followed:', error),
      )
      return () => {
        stopped = true
        unsubscribe()
      }
    }),
  }
}
