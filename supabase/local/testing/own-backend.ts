import { startLocalBackend, type LocalBackendOptions, type RunningBackend } from '../local-backend.ts'
import { createThrowawayDatabase } from './throwaway-database.ts'

/**
 * A backend of the test's own (per-address limits on unless told otherwise): in-memory PGlite, or a
 * throwaway database on the DATABASE_URL server, dropped on close.
 */
export async function startOwnBackend(options: LocalBackendOptions = {}): Promise<RunningBackend> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return startLocalBackend({ ...options, port: 0 })
  const database = await createThrowawayDatabase(serverUrl)
  try {
    const backend = await startLocalBackend({ ...options, databaseUrl: database.url, port: 0 })
    return { ...backend, close: () => backend.close().finally(database.drop) }
  } catch (error) {
    await database.drop()
    throw error
  }
}
