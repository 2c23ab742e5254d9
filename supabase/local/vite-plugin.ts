import type { Connect, Plugin } from 'vite'
import { loadEnv } from 'vite'
import { readSettings } from './config.ts'
import { ensureFirstAdmin } from './first-admin.ts'
import { ensureKeys } from './keys.ts'
import { createLocalBackend, type LocalBackend } from './local-backend.ts'

/**
 * Without VITE_SUPABASE_URL, `npm start` and `vite preview` serve the local backend on the page's
 * own origin (/auth/v1, /rest/v1, /storage/v1) and the app gets the local anon key.
 */
export function localSupabaseBackend(): Plugin {
  let enabled = false
  let backend: Promise<LocalBackend> | undefined
  const settings = readSettings()

  function mount(middlewares: Connect.Server, onClose: (close: () => void) => void) {
    if (!enabled) return
    backend ??= createLocalBackend({
      dataDir: settings.dataDir,
      databaseUrl: settings.databaseUrl,
      fresh: settings.fresh,
      jwtExpiry: settings.jwtExpiry,
      rateLimits: settings.rateLimits,
      trustProxy: settings.trustProxy,
    })
    const started = backend
    started
      .then((b) => b.ready)
      .then((context) => ensureFirstAdmin(context.db, settings.dataDir, settings.adminEmail, (line) => console.log(line)))
      .catch((error: unknown) => console.error('[local backend] could not start:', error))
    middlewares.use((req, res, next) => {
      started.then((b) => b.handler(req, res, next), next)
    })
    onClose(() => void started.then((b) => b.close()))
  }

  return {
    name: 'local-supabase-backend',
    async config(userConfig, { mode }) {
      const env = { ...loadEnv(mode, userConfig.envDir || userConfig.root || process.cwd(), 'VITE_'), ...process.env }
      enabled = !env.VITE_SUPABASE_URL && !process.env.VITEST
      if (!enabled) return undefined
      const keys = await ensureKeys(settings.dataDir)
      return { define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(keys.anonKey) } }
    },
    configureServer(server) {
      mount(server.middlewares, (close) => server.httpServer?.once('close', close))
    },
    configurePreviewServer(server) {
      mount(server.middlewares, (close) => server.httpServer.once('close', close))
    },
  }
}
