import type { TestProject } from 'vitest/node'
import { startLocalBackend } from '../local-backend.ts'
import { createThrowawayDatabase } from './throwaway-database.ts'
import { setAnonymousUploadLimit } from './upload-limits.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    url: string
    anonKey: string
    serviceRoleKey: string
    jwtSecret: string
  }
}

/**
 * One backend for the whole backend test run: in-memory PGlite, or a throwaway database created on
 * the PostgreSQL server of DATABASE_URL and dropped afterwards. Per-address limits are off here, and
 * visitors' uploads are not counted against the bucket's per-minute limit (test files upload at once);
 * their tests start backends of their own.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL || undefined
  const database = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined
  const backend = await startLocalBackend({ databaseUrl: database?.url, rateLimits: false })
  await setAnonymousUploadLimit(backend.context.db, 'reference-images', 1_000_000)
  project.provide('url', backend.url)
  project.provide('anonKey', backend.anonKey)
  project.provide('serviceRoleKey', backend.serviceRoleKey)
  project.provide('jwtSecret', backend.jwtSecret)
  return async () => {
    await backend.close()
    await database?.drop()
  }
}
