import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { AdminUser } from './api/auth-api'

export interface Credentials {
  email: string
  password: string
}

export type SessionChanged = { type: 'session.changed'; user: AdminUser | null }
export type SessionStored = { type: 'session.stored' }

/**
 * The admin area's session: sign-in while there is none, the signed-in user once one exists, is
 * restored or is signed in by another tab, back to sign-in when it ends (sign-out, here or in another
 * tab). Nothing of the backend client is needed to show the sign-in screen when no session is stored
 * (`sessionStored` false): it is asked only to restore a stored session, to sign in, and then to
 * follow the session. Tag `toasts`: states whose toasts (and, signed in, the dashboard) need the
 * admin UI library.
 */
export const adminSessionMachine = setup({
  types: {
    tags: {} as 'toasts',
    input: {} as { sessionStored: boolean },
    context: {} as { user: AdminUser | null; sessionStored: boolean },
    events: {} as { type: 'signIn.submit'; credentials: Credentials } | SessionChanged | SessionStored,
  },
  actors: {
    restoreSession: fromPromise<AdminUser | null>(async () => {
      throw new Error('restoreSession is provided by the admin page')
    }),
    signIn: fromPromise<AdminUser, Credentials>(async () => {
      throw new Error('signIn is provided by the admin page')
    }),
    followSession: fromCallback<EventObject, undefined, SessionChanged>(() => {
      throw new Error('followSession is provided by the admin page')
    }),
    /** Hears a sign-in in another tab while this one shows sign-in. */
    watchStoredSession: fromCallback<EventObject, undefined, SessionStored>(() => {
      throw new Error('watchStoredSession is provided by the admin page')
    }),
  },
  actions: {
    /** What the signed-in screen needs may load while the password is checked. */
    prepareSignedIn: providedLater(),
    announceSignedIn: providedLater(),
    announceSignInFailed: providedLater<unknown>(),
    /** A stored session that cannot be restored or watched leaves the sign-in screen: worth a line in the log. */
    notifySessionTrouble: providedLater<unknown>(),
  },
  guards: {
    sessionStored: ({ context }) => context.sessionStored,
  },
}).createMachine({
  id: 'adminSession',
  context: ({ input }) => ({ user: null, sessionStored: input.sessionStored }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'sessionStored', target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        src: 'restoreSession',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: { type: 'notifySessionTrouble', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    signedOut: {
      entry: assign({ user: null }),
      invoke: {
        src: 'watchStoredSession',
        onError: { actions: { type: 'notifySessionTrouble', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: { 'session.stored': 'restoring' },
      initial: 'idle',
      states: {
        idle: { on: { 'signIn.submit': 'signingIn' } },
        signingIn: {
          tags: ['toasts'],
          entry: 'prepareSignedIn',
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'signIn.submit')
              return event.credentials
            },
            onDone: { target: '#adminSession.signedIn', actions: [assign({ user: ({ event }) => event.output }), 'announceSignedIn'] },
            onError: { target: 'failed', actions: { type: 'announceSignInFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        /** As idle, after a failure whose message is still on screen. */
        failed: { tags: ['toasts'], on: { 'signIn.submit': 'signingIn' } },
      },
    },
    signedIn: {
      tags: ['toasts'],
      invoke: { src: 'followSession' },
      on: {
        'session.changed': [
          { guard: ({ event }) => event.user === null, target: 'signedOut' },
          { actions: assign({ user: ({ event }) => event.user }) },
        ],
      },
    },
  },
})
