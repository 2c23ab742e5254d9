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
