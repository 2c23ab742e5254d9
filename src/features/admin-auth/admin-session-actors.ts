import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { AdminUser, AuthApi } from './api/auth-api'
import type { Credentials, SessionChanged, SessionStored } from './admin-session.machine'

export type SessionAuth = Pick<AuthApi, 'currentSessionUser' | 'signIn' | 'onSessionChange'>

interface SessionSources {
  /** The auth API, loaded when first asked for: it brings supabase-js, which a sign-in screen with no stored session does without. */
  loadAuth: () => Promise<SessionAuth>
  /** Calls back when another tab stores a session; returns the unsubscribe. */
  onSessionStoredElsewhere: (listener: () => void) => () => void
}

/** The session machine's actors. */
export function adminSessionActors({ loadAuth, onSessionStoredElsewhere }: SessionSources) {
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
    watchStoredSession: fromCallback<EventObject, undefined, SessionStored>(({ sendBack }) =>
      onSessionStoredElsewhere(() => sendBack({ type: 'session.stored' })),
    ),
  }
}
