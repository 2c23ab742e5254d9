import type { Server } from 'node:http'
import type { Connect, Plugin } from 'vite'
import { loadEnv } from 'vite'
import { readSettings } from './config.ts'
import { ensureFirstAdmin } from './first-admin.ts'
import { ensureKeys } from './keys.ts'
import { createLocalBackend, type LocalBackend } from './local-backend.ts'
import { isBackendUpgrade } from './router.ts'

/**
 * Without VITE_SUPABASE_URL, `npm start` and `vite preview` serve the local backend on the page's
 * own origin (/auth/v1, /rest/v1, /storage/v1, and Realtime's websocket /realtime/v1/websocket)
 * and the app gets the local anon key.
 */
export function localSupabaseBackend(): Plugin {
  let enabled = false
  let backend: Promise<LocalBackend> | undefined
  const settings = readSettings()

  function mount(middlewares: Connect.Server, httpServer: Server | null) {
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
    // Vite's own HMR websocket listens on the same server for other paths.
    httpServer?.on('upgrade', (req, socket, head) => {
      if (isBackendUpgrade(req)) started.then((b) => b.upgrade(req, socket, head), () => socket.destroy())
    })
    httpServer?.once('close', () => void started.then((b) => b.close()))
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
      mount(server.middlewares, server.httpServer as Server | null)
    },
    configurePreviewServer(server) {
      mount(server.middlewares, server.httpServer as Server)
    },
  }
}
