import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import type { Connect, Plugin, ResolvedConfig } from 'vite'
import { loadEnv } from 'vite'
import { describeBackups } from './backup/backup-settings.ts'
import { readSettings } from './config.ts'
import { legacyDataHome } from './data-home.ts'
import { ensureFirstAdmin } from './first-admin.ts'
import { ensureKeys } from './keys.ts'
import { createLocalBackend, type LocalBackend } from './local-backend.ts'
import { isBackendUpgrade } from './router.ts'
import { fsDenyFor, refuseFolders } from './secret-folder-guard.ts'

/** Every folder a dev or preview server serves files from. */
function servedRoots(config: ResolvedConfig): string[] {
  return [config.root, config.publicDir, path.resolve(config.root, config.build.outDir)].filter(Boolean)
}

/** Where the data folder is, and what to do about one left inside the project by an older version. */
function announceDataFolder(dataDir: string, root: string, log: (line: string) => void): void {
  log(`  Local backend data folder: ${dataDir}`)
  const legacy = path.join(legacyDataHome(root), 'local')
  if (!existsSync(legacy) || !path.relative(legacyDataHome(root), dataDir).startsWith('..')) return
  log(`  ${legacy} is an older data folder inside the project: it is no longer used, and the server refuses requests for it.`)
  log(`  To keep its data, stop the server and run: rm -rf '${dataDir}' && mv '${legacy}' '${dataDir}'`)
}

/**
 * Without VITE_SUPABASE_URL, `npm start` and `vite preview` serve the local backend on the page's
 * own origin (/auth/v1, /rest/v1, /storage/v1, and Realtime's websocket /realtime/v1/websocket)
 * and the app gets the local anon key. Either way, no request reaches the data folder's files.
 */
export function localSupabaseBackend(): Plugin {
  let enabled = false
  let backend: Promise<LocalBackend> | undefined
  let secretFolders: string[] = []
  const settings = readSettings()

  function mount(middlewares: Connect.Server, httpServer: Server | null, config: ResolvedConfig) {
    // First in line, ahead of every file middleware the server adds after the plugins.
    middlewares.use(refuseFolders(secretFolders, servedRoots(config)))
    if (!enabled) return
    announceDataFolder(settings.dataDir, config.root, (line) => config.logger.info(line))
    if (!settings.databaseUrl) config.logger.info(`  Local backend backups: ${describeBackups(settings.backups)}`)
    backend ??= createLocalBackend({
      dataDir: settings.dataDir,
      databaseUrl: settings.databaseUrl,
      fresh: settings.fresh,
      jwtExpiry: settings.jwtExpiry,
      rateLimits: settings.rateLimits,
      signInAttemptsPerAddress: settings.signInAttemptsPerAddress,
      trustProxy: settings.trustProxy,
      backups: settings.backups,
    })
    const started = backend
    started
      .then((b) => b.ready)
      .then((context) => ensureFirstAdmin(context.db, settings.dataDir, settings.adminEmail, (line) => console.log(line)))
      .catch((error: unknown) => console.error('[local backend] could not start:', error))
    middlewares.use((req, res, next) => {
      started.then((b) => b.handler(req, res, next), next)
    })
    httpServer?.once('listening', () => {
      const address = httpServer.address()
      if (address && typeof address === 'object') started.then((b) => b.listening(address)).catch(() => undefined)
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
      secretFolders = [settings.dataDir, settings.backups.folder, legacyDataHome(userConfig.root ?? process.cwd())]
      const denied = { server: { fs: { deny: fsDenyFor(secretFolders) } } }
      const env = { ...loadEnv(mode, userConfig.envDir || userConfig.root || process.cwd(), 'VITE_'), ...process.env }
      enabled = !env.VITE_SUPABASE_URL && !process.env.VITEST
      if (!enabled) return denied
      const keys = await ensureKeys(settings.dataDir)
      return { ...denied, define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(keys.anonKey) } }
    },
    configureServer(server) {
      mount(server.middlewares, server.httpServer as Server | null, server.config)
    },
    configurePreviewServer(server) {
      mount(server.middlewares, server.httpServer as Server, server.config)
    },
  }
}
