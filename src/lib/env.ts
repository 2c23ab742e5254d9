/**
 * Where the backend is. With VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set, a hosted Supabase
 * project; otherwise the local backend that `npm start` mounts on the page's own origin (its Vite
 * plugin supplies the local anon key).
 */
export interface BackendConfig {
  url: string
  anonKey: string
}

export function readBackendConfig(env: ImportMetaEnv, origin: string): BackendConfig {
  const url = env.VITE_SUPABASE_URL?.trim() || origin
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim()
  if (!anonKey) {
    throw new Error(
      'VITE_SUPABASE_ANON_KEY is not set. Set it with VITE_SUPABASE_URL for a hosted project, or run `npm start` for the local backend.',
    )
  }
  return { url, anonKey }
}
