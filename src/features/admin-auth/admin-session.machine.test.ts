import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { ApiError, errorCode } from '@/lib/api-error'
import type { AdminUser } from './api/auth-api'
import { adminSessionActors, type SessionAuth } from './admin-session-actors'
import { adminSessionMachine } from './admin-session.machine'

const admin: AdminUser = { id: 'user-1', email: 'admin@example.com' }
const password = 'correct horse'

/** An auth API holding a session in memory, as supabase-js does: listeners hear the current session when they subscribe. */
function fakeAuth(stored: AdminUser | null) {
  let session = stored
  const listeners = new Set<(user: AdminUser | null) => void>()
  const change = (user: AdminUser | null) => {
    session = user
    for (const listener of listeners) listener(user)
  }
  const auth: SessionAuth = {
    currentSessionUser: async () => session,
    signIn: async (email, given) => {
      if (email !== admin.email || given !== password) throw new ApiError('invalid_credentials', 'Invalid login credentials')
      change(admin)
      return admin
    },
    onSessionChange: (listener) => {
      listeners.add(listener)
      listener(session)
      return () => listeners.delete(listener)
    },
  }
  return { auth, change, listeners }
}

function startSession(options: { sessionStored: boolean; auth: SessionAuth | Error }) {
  let loads = 0
  const storedElsewhere = new Set<() => void>()
  const announced: string[] = []
  const failures: unknown[] = []
  const machine = adminSessionMachine.provide({
    actors: adminSessionActors({
      loadAuth: async () => {
        loads += 1
        if (options.auth instanceof Error) throw options.auth
        return options.auth
      },
      onSessionStoredElsewhere: (listener) => {
        storedElsewhere.add(listener)
        return () => storedElsewhere.delete(listener)
      },
    }),
    actions: {
      announceSignedIn: () => announced.push('Success!'),
      announceSignInFailed: (_, error) => announced.push(`Error: ${errorCode(error) || String(error)}`),
      notifySessionTrouble: (_, error) => failures.push(error),
    },
  })
  const actor = createActor(machine, { input: { sessionStored: options.sessionStored } }).start()
  const signInElsewhere = () => storedElsewhere.forEach((listener) => listener())
  return { actor, announced, failures, loads: () => loads, signInElsewhere, watchers: () => storedElsewhere.size }
}

describe('the admin session', () => {
  it('shows sign-in at once without loading the auth API when no session is stored', () => {
    const { actor, loads } = startSession({ sessionStored: false, auth: fakeAuth(null).auth })
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
    expect(actor.getSnapshot().hasTag('toasts')).toBe(false)
    expect(loads()).toBe(0)
  })

  it('restores a stored session straight to the signed-in user', async () => {
    const { actor } = startSession({ sessionStored: true, auth: fakeAuth(admin).auth })
    expect(actor.getSnapshot().matches('restoring')).toBe(true)
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(snapshot.context.user).toEqual(admin)
  })

  it('shows sign-in when the stored session is not one supabase-js keeps (expired, refused)', async () => {
    const { actor, failures } = startSession({ sessionStored: true, auth: fakeAuth(null).auth })
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }))
    expect(failures).toEqual([])
  })

  it('shows sign-in and logs when the session cannot be checked (the auth API does not load)', async () => {
    const { actor, failures } = startSession({ sessionStored: true, auth: new Error('Failed to fetch dynamically imported module') })
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }))
    expect(failures).toHaveLength(1)
  })

  it('signs in, announces it and follows the session until it ends elsewhere', async () => {
    const backend = fakeAuth(null)
    const { actor, announced } = startSession({ sessionStored: false, auth: backend.auth })
    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password } })
    expect(actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true)
    expect(actor.getSnapshot().hasTag('toasts')).toBe(true)
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(signedIn.context.user).toEqual(admin)
    expect(announced).toEqual(['Success!'])
    await waitFor(actor, () => backend.listeners.size === 1)

    backend.change(null)
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(backend.listeners.size).toBe(0)
  })

  it('announces a wrong password with its code, keeps the sign-in screen and lets the admin try again', async () => {
    const { actor, announced } = startSession({ sessionStored: false, auth: fakeAuth(null).auth })
    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password: 'wrong' } })
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }))
    expect(announced).toEqual(['Error: invalid_credentials'])
    expect(actor.getSnapshot().hasTag('toasts')).toBe(true)

    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password } })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(announced).toEqual(['Error: invalid_credentials', 'Success!'])
  })

  it('ignores a second submit while the first is under way', async () => {
    let signIns = 0
    const backend = fakeAuth(null)
    const counting: SessionAuth = {
      ...backend.auth,
      signIn: (email, given) => {
        signIns += 1
        return backend.auth.signIn(email, given)
      },
    }
    const { actor } = startSession({ sessionStored: false, auth: counting })
    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password } })
    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password } })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(signIns).toBe(1)
  })

  it('announces a sign-in whose auth API cannot load as a failure, never a crash', async () => {
    const { actor, announced } = startSession({ sessionStored: false, auth: new Error('Failed to fetch dynamically imported module') })
    actor.send({ type: 'signIn.submit', credentials: { email: admin.email, password } })
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }))
    expect(announced).toEqual(['Error: Error: Failed to fetch dynamically imported module'])
  })

  it('keeps the signed-in user current on a token refresh', async () => {
    const backend = fakeAuth(admin)
    const { actor } = startSession({ sessionStored: true, auth: backend.auth })
    await waitFor(actor, (s) => s.matches('signedIn'))
    await waitFor(actor, () => backend.listeners.size === 1)
    const refreshed = { ...admin, email: 'renamed@example.com' }
    backend.change(refreshed)
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(actor.getSnapshot().context.user).toEqual(refreshed)
  })

  it('shows the dashboard when another tab signs in, and stops watching once signed in', async () => {
    const backend = fakeAuth(null)
    const { actor, signInElsewhere, watchers } = startSession({ sessionStored: false, auth: backend.auth })
    expect(watchers()).toBe(1)
    backend.change(admin)
    signInElsewhere()
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(snapshot.context.user).toEqual(admin)
    expect(watchers()).toBe(0)
  })
})
