import { authStorageKey } from '@/lib/auth-storage-key'
import { readBackendConfig } from '@/lib/env'

/**
 * Whether the browser may hold a signed-in session, decided without supabase-js so the sign-in
 * screen needs none of it. supabase-js treats a stored value as a session only if it is a JSON
 * object with `access_token`, `refresh_token` and `expires_at` (auth-js `_isValidSession`) and
 * discards anything else, so anything else means signed out. A storage that cannot be read is left
 * for supabase-js to judge.
 */
export function sessionMayBeStored(readStored: () => string | null): boolean {
  let stored: string | null
  try {
    stored = readStored()
  } catch {
    return true
  }
  if (!stored) return false
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return false
  }
  return typeof value === 'object' && value !== null && 'access_token' in value && 'refresh_token' in value && 'expires_at' in value
}

const appStorageKey = () => authStorageKey(readBackendConfig(import.meta.env, window.location.origin).url)

/** Whether this browser may hold a session of the app's backend (see sessionMayBeStored). */
export function appSessionMayBeStored(): boolean {
  return sessionMayBeStored(() => window.localStorage.getItem(appStorageKey()))
}

/** Calls back when another tab stores a session of the app's backend (signs in); the storage event fires in the other tabs only. */
export function onSessionStoredElsewhere(listener: () => void): () => void {
  const key = appStorageKey()
  const heard = (event: StorageEvent) => {
    if (event.storageArea === window.localStorage && event.key === key && sessionMayBeStored(() => event.newValue)) listener()
  }
  window.addEventListener('storage', heard)
  return () => window.removeEventListener('storage', heard)
}
