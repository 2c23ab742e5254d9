import { createClient } from '@supabase/supabase-js'
import { authStorageKey } from './auth-storage-key'
import { readBackendConfig } from './env'

const config = readBackendConfig(import.meta.env, window.location.origin)

/** The one client of the app: session kept in localStorage, persisted, refreshed automatically. */
export const supabase = createClient(config.url, config.anonKey, {
  auth: {
    storage: window.localStorage,
    storageKey: authStorageKey(config.url),
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
  },
})

/**
 * A client of its own for requests that carry `headers` (which the database's policies read from
 * `request.headers`): signed out, keeping no session, so it never touches the one client's.
 */
export function clientSending(headers: Record<string, string>) {
  return createClient(config.url, config.anonKey, {
    global: { headers },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `${authStorageKey(config.url)}-unsigned` },
  })
}
