import type { TestProject } from 'vitest/node'
import { startLocalBackend } from '../local-backend.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    url: string
    anonKey: string
    serviceRoleKey: string
    jwtSecret: string
  }
}

/**
 * One backend for the whole backend test run: in-memory PGlite, or the PostgreSQL server of
 * DATABASE_URL, wiped and migrated from scratch.
 */
export default async function setup(project: TestProject) {
  const backend = await startLocalBackend({ databaseUrl: process.env.DATABASE_URL || undefined, wipeDatabase: true })
  project.provide('url', backend.url)
  project.provide('anonKey', backend.anonKey)
  project.provide('serviceRoleKey', backend.serviceRoleKey)
  project.provide('jwtSecret', backend.jwtSecret)
  return async () => {
    await backend.close()
  }
}
