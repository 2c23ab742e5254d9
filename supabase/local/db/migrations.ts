import { readFile, readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import type { Database } from './database.ts'

const localDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const bootstrapFile = path.join(localDir, 'bootstrap.sql')
export const defaultMigrationsDir = path.join(localDir, '..', 'migrations')

export async function applyBootstrap(db: Database): Promise<void> {
  const sql = await readFile(bootstrapFile, 'utf8')
  await db.transaction((session) => session.exec(sql))
}

/** Applies each `*.sql` of the folder once, in file-name order, each in its own transaction. */
export async function applyMigrations(db: Database, migrationsDir = defaultMigrationsDir): Promise<string[]> {
  const files = (await readdir(migrationsDir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const file of files) {
    const version = file.split('_')[0] ?? file
    const sql = await readFile(path.join(migrationsDir, file), 'utf8')
    const ran = await db.transaction(async (session) => {
      const done = await session.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version])
      if (done.rows.length > 0) return false
      try {
        await session.exec(sql)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new Error(`Migration ${file} failed: ${message}`, { cause: error })
      }
      await session.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        file,
      ])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}

/**
 * For a clean test run on a shared PostgreSQL server: drops every non-system schema (project
 * tables, auth, storage, migration records). Roles are cluster-wide and stay.
 */
export async function wipeDatabase(db: Database): Promise<void> {
  await db.transaction(async (session) => {
    const schemas = await session.query(
      `select nspname from pg_namespace
       where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    )
    for (const row of schemas.rows) {
      const name = String(row.nspname)
      await session.exec(`drop schema "${name.replaceAll('"', '""')}" cascade`)
    }
    await session.exec('create schema public')
  })
}
