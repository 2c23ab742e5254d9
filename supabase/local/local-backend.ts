import { rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authService } from './auth/auth-routes.ts'
import type { BackendContext } from './backend-context.ts'
import { dataFolder } from './data-folder.ts'
import { scheduleChatContactPurge } from './db/chat-contact-retention.ts'
import { applyBootstrap, applyMigrations } from './db/migrations.ts'
import { openDatabase, type DatabaseLocation } from './db/open-database.ts'
import { makeDataDirPrivate } from './db/private-data-dir.ts'
import type { ProxyTrust } from './http/client-address.ts'
import { ensureKeys, generateKeys, type BackendKeys } from './keys.ts'
import { restService } from './rest/rest-routes.ts'
import { createRouter, type Handler, type Services } from './router.ts'
import { diskObjectStore, memoryObjectStore, type ObjectStore } from './storage/object-store.ts'
import { storageService } from './storage/storage-routes.ts'

export interface LocalBackendOptions extends DatabaseLocation {
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpiry?: number
  migrationsDir?: string
  /** Uploads received at once (default 8); more answer 503 with Retry-After. */
  maxConcurrentUploads?: number
  /** Per-address limits (default on); the per-email password throttle ignores this. */
  rateLimits?: boolean
  /** Whose X-Forwarded-For names the client (default: a proxy on this machine). */
  trustProxy?: ProxyTrust
}

export interface LocalBackend {
  keys: BackendKeys
  handler: Handler
  /** Resolves once the database is bootstrapped and migrated. */
  ready: Promise<BackendContext>
  close(): Promise<void>
}

async function prepare(options: LocalBackendOptions, keys: BackendKeys): Promise<BackendContext> {
  const db = await openDatabase(options)
  try {
    await applyBootstrap(db)
    await applyMigrations(db, options.migrationsDir)
    if (options.dataDir) await makeDataDirPrivate(options.dataDir)
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  return { db, keys, jwtExpiry: options.jwtExpiry ?? 3600, rateLimits: options.rateLimits ?? true, trustProxy: options.trustProxy ?? 'loopback' }
}

/** Uploads a crash left half-written are dropped at start. */
async function objectStore(dataDir: string | undefined): Promise<ObjectStore> {
  if (!dataDir) return memoryObjectStore()
  const folder = dataFolder(dataDir)
  await rm(folder.uploadsInProgress, { recursive: true, force: true })
  return diskObjectStore(folder.objects, folder.uploadsInProgress)
}

async function services(context: BackendContext, options: LocalBackendOptions): Promise<Services> {
  const objects = await objectStore(options.dataDir)
  return {
    '/auth/v1': authService(context),
    '/rest/v1': restService(context),
    '/storage/v1': storageService(context, { objects, maxConcurrentUploads: options.maxConcurrentUploads }),
  }
}

/**
 * The backend without a listening socket: keys are known at once, the database starts in the
 * background (`ready`), and `handler` waits for it, so a dev server can answer pages meanwhile.
 */
export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const keys = options.dataDir ? await ensureKeys(options.dataDir) : await generateKeys()
  const ready = prepare(options, keys)
  ready.catch(() => undefined)
  const handlers = ready.then((context) => services(context, options))
  handlers.catch(() => undefined)
  const stopChatContactPurge = ready.then((context) => scheduleChatContactPurge(context.db))
  stopChatContactPurge.catch(() => undefined)
  return {
    keys,
    handler: createRouter(keys, handlers),
    ready,
    async close() {
      const context = await ready.catch(() => undefined)
      await (await stopChatContactPurge.catch(() => undefined))?.()
      await context?.db.close()
    },
  }
}

export interface RunningBackend {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  context: BackendContext
  close(): Promise<void>
}

/** Starts the backend on its own HTTP port (0 = any free port) and waits until it is ready. */
export async function startLocalBackend(options: LocalBackendOptions & { port?: number; host?: string } = {}): Promise<RunningBackend> {
  const backend = await createLocalBackend(options)
  const context = await backend.ready
  const server = createServer((req, res) => backend.handler(req, res))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    anonKey: backend.keys.anonKey,
    serviceRoleKey: backend.keys.serviceRoleKey,
    jwtSecret: backend.keys.jwtSecret,
    context,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
    },
  }
}
