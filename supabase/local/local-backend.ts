import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authService } from './auth/auth-routes.ts'
import { signInAddressLimits } from './auth/sign-in-limits.ts'
import { backupRunner, type BackupRunner } from './backup/backup-runner.ts'
import { scheduleBackups, scheduleFromSettings } from './backup/backup-schedule.ts'
import { backupService } from './backup/backup-service.ts'
import type { BackupSettings } from './backup/backup-settings.ts'
import { announceServer, forgetServer } from './backup/server-address.ts'
import { functionsService } from './functions/functions-service.ts'
import type { BackendContext } from './backend-context.ts'
import { dataFolder } from './data-folder.ts'
import { scheduleChatContactPurge } from './db/chat-contact-retention.ts'
import { applyBootstrap, applyMigrations } from './db/migrations.ts'
import { openDatabase, type DatabaseLocation } from './db/open-database.ts'
import { makeDataDirPrivate } from './db/private-data-dir.ts'
import type { ProxyTrust } from './http/client-address.ts'
import { refuseUpgrade } from './http/refuse-upgrade.ts'
import { ensureKeys, generateKeys, type BackendKeys } from './keys.ts'
import { installChangeCapture } from './realtime/change-feed.ts'
import { startRealtimeService, type RealtimeLoad, type RealtimeService } from './realtime/realtime-service.ts'
import { restService } from './rest/rest-routes.ts'
import { createRouter, createUpgradeRouter, type Handler, type Services, type UpgradeHandler } from './router.ts'
import { diskObjectStore, memoryObjectStore, type ObjectStore } from './storage/object-store.ts'
import { removePendingFiles } from './storage/pending-file-erasures.ts'
import { storageService } from './storage/storage-routes.ts'

export interface LocalBackendOptions extends DatabaseLocation {
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpiry?: number
  migrationsDir?: string
  /** Uploads received at once (default 8); more answer 503 with Retry-After. */
  maxConcurrentUploads?: number
  /** Per-address limits (default on); the per-account sign-in rule (the password verification hook) ignores this. */
  rateLimits?: boolean
  /** Password sign-ins one address may try in 15 minutes (default 30). */
  signInAttemptsPerAddress?: number
  /** Whose X-Forwarded-For names the client (default: a proxy on this machine). */
  trustProxy?: ProxyTrust
  /** Backups of the PGlite data folder (`POST /backup/v1`, and scheduled when `everyHours` > 0); none without. */
  backups?: BackupSettings
}

export interface LocalBackend {
  keys: BackendKeys
  handler: Handler
  /** For the HTTP server's 'upgrade' event: Realtime's websocket. */
  upgrade: UpgradeHandler
  /** Resolves once the database is bootstrapped and migrated. */
  ready: Promise<BackendContext>
  /** What Realtime is doing (sockets, joins run and dropped), once it has started. */
  realtimeLoad(): Promise<RealtimeLoad>
  /** Tells `npm run backup` where this backend answers (a PGlite data folder only). */
  listening(address: AddressInfo): Promise<void>
  close(): Promise<void>
}

async function prepare(options: LocalBackendOptions, keys: BackendKeys): Promise<BackendContext> {
  const db = await openDatabase(options)
  try {
    await applyBootstrap(db)
    await applyMigrations(db, options.migrationsDir)
    await installChangeCapture(db)
    if (options.dataDir) await makeDataDirPrivate(options.dataDir)
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  return { db, keys, jwtExpiry: options.jwtExpiry ?? 3600, rateLimits: options.rateLimits ?? true,
    signInAttemptsPerAddress: options.signInAttemptsPerAddress ?? signInAddressLimits.maxAttempts,
    trustProxy: options.trustProxy ?? 'loopback' }
}

/** Uploads a crash left half-written are dropped at start. */
async function objectStore(dataDir: string | undefined): Promise<ObjectStore> {
  if (!dataDir) return memoryObjectStore()
  const folder = dataFolder(dataDir)
  await rm(folder.uploadsInProgress, { recursive: true, force: true })
  return diskObjectStore(folder.objects, folder.uploadsInProgress)
}

interface BackendServices {
  http: Services
  realtime: RealtimeService
  stopBackups: () => void
}

/** Backups of a PGlite data folder, when settings are given; a PostgreSQL server is backed up with pg_dump. */
function backups(context: BackendContext, options: LocalBackendOptions): { runner: BackupRunner | undefined; stop: () => void } {
  if (!options.dataDir || options.databaseUrl || !options.backups) return { runner: undefined, stop: () => undefined }
  const runner = backupRunner(context.db, options.dataDir, options.backups)
  if (options.backups.everyHours === 0) return { runner, stop: () => undefined }
  return { runner, stop: scheduleBackups(runner, scheduleFromSettings(options.backups), (line) => console.log(line)) }
}

async function services(context: BackendContext, options: LocalBackendOptions, objects: ObjectStore): Promise<BackendServices> {
  const realtime = await startRealtimeService(context)
  const backup = backups(context, options)
  return {
    http: {
      '/auth/v1': authService(context),
      '/rest/v1': restService(context),
      '/storage/v1': storageService(context, { objects, maxConcurrentUploads: options.maxConcurrentUploads }),
      '/realtime/v1': realtime.http,
      '/functions/v1': functionsService(context),
      '/backup/v1': backupService(context, backup.runner),
    },
    realtime,
    stopBackups: backup.stop,
  }
}

/** A promise whose failure is reported where it is awaited, never as an unhandled rejection. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/**
 * The backend without a listening socket: keys are known at once, the database starts in the
 * background (`ready`), and `handler` waits for it, so a dev server can answer pages meanwhile.
 */
export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const keys = options.dataDir ? await ensureKeys(options.dataDir) : await generateKeys()
  const ready = quiet(prepare(options, keys))
  const objects = quiet(ready.then(() => objectStore(options.dataDir)))
  const started = quiet(ready.then(async (context) => services(context, options, await objects)))
  const stopChatContactPurge = quiet(
    ready.then(async (context) => {
      const store = await objects
      return scheduleChatContactPurge(context.db, console.error, () => removePendingFiles(context.db, store))
    }),
  )
  let announced = false
  return {
    keys,
    handler: createRouter(keys, quiet(started.then(({ http }) => http))),
    upgrade: createUpgradeRouter(keys, quiet(started.then(({ realtime }) => realtime))),
    ready,
    realtimeLoad: () => started.then(({ realtime }) => realtime.load()),
    async listening(address) {
      if (!options.dataDir || options.databaseUrl) return
      // Only once the folder is this process's (a refused second opener must not overwrite the holder's address).
      await ready
      await announceServer(options.dataDir, address)
      announced = true
    },
    async close() {
      const context = await ready.catch(() => undefined)
      const running = await started.catch(() => undefined)
      running?.stopBackups()
      await running?.realtime.close()
      await (await stopChatContactPurge.catch(() => undefined))?.()
      if (announced && options.dataDir) await forgetServer(options.dataDir)
      await context?.db.close()
    },
  }
}

/** A server of the backend's own: its websocket, and a 404 for any other upgrade. */
export function acceptUpgrades(server: Server, backend: LocalBackend): void {
  server.on('upgrade', (req, socket, head) => {
    if (!backend.upgrade(req, socket, head)) refuseUpgrade(socket, 404, { message: 'Not found: the local backend has a websocket at /realtime/v1/websocket' })
  })
}

export interface RunningBackend {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  context: BackendContext
  realtimeLoad(): Promise<RealtimeLoad>
  close(): Promise<void>
}

/** Starts the backend on its own HTTP port (0 = any free port) and waits until it is ready. */
export async function startLocalBackend(options: LocalBackendOptions & { port?: number; host?: string } = {}): Promise<RunningBackend> {
  const backend = await createLocalBackend(options)
  const context = await backend.ready
  const server = createServer((req, res) => backend.handler(req, res))
  acceptUpgrades(server, backend)
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  await backend.listening(address)
  return {
    url: `http://${host}:${address.port}`,
    anonKey: backend.keys.anonKey,
    serviceRoleKey: backend.keys.serviceRoleKey,
    jwtSecret: backend.keys.jwtSecret,
    context,
    realtimeLoad: backend.realtimeLoad,
    async close() {
      server.closeAllConnections()
      // Websockets keep the server open until the backend ends them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
      await closed
    },
  }
}
