import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createSignInThrottle } from './auth/sign-in-throttle.ts'
import type { BackendContext } from './backend-context.ts'
import type { Database } from './db/database.ts'
import { lockDataDir } from './db/data-dir-lock.ts'
import { wipeDataDir } from './db/wipe-data-dir.ts'
import { applyBootstrap, applyMigrations } from './db/migrations.ts'
import { makeDataDirPrivate } from './db/private-data-dir.ts'
import { refuseSupabaseOwnDatabase } from './db/supabase-schema-guard.ts'
import { openPgliteDatabase } from './db/pglite-database.ts'
import { openPostgresDatabase } from './db/postgres-database.ts'
import type { ProxyTrust } from './http/client-address.ts'
import { createHandler, type Handler } from './http/handler.ts'
import { ensureKeys, generateKeys, type BackendKeys } from './keys.ts'
import { diskObjectStore, memoryObjectStore } from './storage/object-store.ts'
import { createUploadSlots } from './storage/upload-slots.ts'

export interface LocalBackendOptions {
  /** Data folder (database, keys, uploaded files). Undefined: everything in memory. */
  dataDir?: string
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string
  /** Start from an empty database and no uploaded files (the keys stay, so built bundles keep working). */
  fresh?: boolean
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

async function openDatabase(options: LocalBackendOptions): Promise<Database> {
  if (options.databaseUrl) {
    const db = await openPostgresDatabase(options.databaseUrl)
    try {
      await refuseSupabaseOwnDatabase(db)
    } catch (error) {
      await db.close()
      throw error
    }
    return db
  }
  if (!options.dataDir) return openPgliteDatabase(undefined)
  const release = await lockDataDir(options.dataDir)
  try {
    if (options.fresh) await wipeDataDir(options.dataDir)
    const dataDir = options.dataDir
    await makeDataDirPrivate(dataDir)
    const db = await openPgliteDatabase(path.join(dataDir, 'pgdata'))
    return {
      ...db,
      close: () =>
        db
          .close()
          .then(() => makeDataDirPrivate(dataDir))
          .finally(release),
    }
  } catch (error) {
    await release()
    throw error
  }
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
  return {
    db,
    keys,
    objects: options.dataDir ? diskObjectStore(path.join(options.dataDir, 'storage')) : memoryObjectStore(),
    uploadSlots: createUploadSlots(options.maxConcurrentUploads),
    jwtExpiry: options.jwtExpiry ?? 3600,
    signInThrottle: createSignInThrottle(),
    rateLimits: options.rateLimits ?? true,
    trustProxy: options.trustProxy ?? 'loopback',
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
  return {
    keys,
    handler: createHandler(ready),
    ready,
    async close() {
      const context = await ready.catch(() => undefined)
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
