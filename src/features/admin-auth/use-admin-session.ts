import { useEffect, useState } from 'react'
import type { AdminUser, AuthApi } from './api/auth-api'

export type AdminSession = { state: 'checking' } | { state: 'signedOut' } | { state: 'signedIn'; user: AdminUser }

/** Follows the stored session: restored on reload, refreshed by the client, cleared on sign-out. */
export function useAdminSession(auth: Pick<AuthApi, 'currentSessionUser' | 'onSessionChange'>): AdminSession {
  const [session, setSession] = useState<AdminSession>({ state: 'checking' })

  useEffect(() => {
    let active = true
    const apply = (user: AdminUser | null) => {
      if (active) setSession(user ? { state: 'signedIn', user } : { state: 'signedOut' })
    }
    const unsubscribe = auth.onSessionChange(apply)
    auth.currentSessionUser().then(apply, (error: unknown) => {
      console.error(error)
      apply(null)
    })
    return () => {
      active = false
      unsubscribe()
    }
  }, [auth])

  return session
}
