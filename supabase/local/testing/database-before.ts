import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startLocalBackend, type LocalBackendOptions, type RunningBackend } from '../local-backend.ts'
import { copyMigrations, migrationsBefore } from './migrations-with.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database.ts'

/**
 * One database for a migration's test, migrated at first up to `migration` (not included) and
 * reopened by each `withBackend`: a data folder, or a throwaway database on the DATABASE_URL server.
 * `applyTheRest` lets the next start run every migration.
 */
export function databaseBefore(migration: string, folderPrefix: string) {
  let migrationsDir = ''
  let dataDir = ''
  let server: ThrowawayDatabase | undefined

  return {
    async setUp() {
      migrationsDir = await migrationsBefore(migration)
      dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix))
      if (process.env.DATABASE_URL) server = await createThrowawayDatabase(process.env.DATABASE_URL)
    },
    async tearDown() {
      await rm(dataDir, { recursive: true, force: true })
      await rm(migrationsDir, { recursive: true, force: true })
      await server?.drop()
    },
    applyTheRest: () => copyMigrations(migrationsDir),
    async withBackend<T>(run: (backend: RunningBackend) => Promise<T>): Promise<T> {
      const location: LocalBackendOptions = server ? { databaseUrl: server.url } : { dataDir }
      const backend = await startLocalBackend({ ...location, migrationsDir, rateLimits: false })
      try {
        return await run(backend)
      } finally {
        await backend.close()
      }
    },
  }
}
