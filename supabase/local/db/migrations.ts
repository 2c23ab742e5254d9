import { readFile, readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import type { Database } from './database.ts'

const localDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
/**
 * What hosted Supabase has before any migration, then the hosted-like role that runs migrations,
 * then the publication `supabase_realtime` and Realtime's change capture.
 */
const bootstrapFiles = ['bootstrap.sql', 'migration-role.sql', 'realtime.sql'].map((file) => path.join(localDir, file))
export const defaultMigrationsDir = path.join(localDir, '..', 'migrations')
/** Plays hosted's non-superuser `postgres` (migration-role.sql). */
const migrationRole = 'migrator'

export async function applyBootstrap(db: Database): Promise<void> {
  for (const file of bootstrapFiles) {
    const sql = await readFile(file, 'utf8')
    await db.transaction((session) => session.exec(sql))
  }
}

/** A migration file applied now, with the notices it raised (what `supabase db push` prints). */
export interface AppliedMigration {
  file: string
  notices: string[]
}

/** The migration files of the folder, in the order they run. */
export async function migrationFiles(migrationsDir = defaultMigrationsDir): Promise<string[]> {
  return (await readdir(migrationsDir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort()
}

/** Applies each `*.sql` of the folder once, in file-name order, each in its own transaction. */
export async function applyMigrations(db: Database, migrationsDir = defaultMigrationsDir): Promise<AppliedMigration[]> {
  const files = await migrationFiles(migrationsDir)
  const applied: AppliedMigration[] = []
  for (const file of files) {
    const version = file.split('_')[0] ?? file
    const sql = await readFile(path.join(migrationsDir, file), 'utf8')
    const notices: string[] = []
    const ran = await db.transaction(async (session) => {
      const done = await session.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version])
      if (done.rows.length > 0) return false
      try {
        await session.exec(`set local role ${migrationRole}`)
        await session.exec(sql, (notice) => notices.push(notice))
        await session.exec('reset role')
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
    if (ran) applied.push({ file, notices })
  }
  return applied
}
