import { copyFile, cp, link, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Database, HeldDatabase } from '../db/database.ts'
import { dataFolder } from '../data-folder.ts'
import { archiveEntries, type BackupCounts } from './backup-archive.ts'
import { BackupError } from './backup-error.ts'

export interface Snapshot {
  migrations: string[]
  counts: BackupCounts
}

/** What a backup's manifest counts, to check a restored database against. */
export const countsQuery = `select
  (select count(*) from public.leads)::int as leads,
  (select count(*) from storage.objects)::int as objects,
  (select count(*) from auth.users)::int as users`

/** The WAL segments a checkpointed database needs: from the checkpoint's redo point to where WAL is written now. */
const neededWalQuery = `select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()`

const walSegmentName = /^[0-9A-F]{24}$/

/** A hard link keeps the bytes even if the object is replaced (renamed over) after the pause; a copy where links fail. */
async function keepObject(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to))
}

async function takeObjects(held: HeldDatabase, objectsFolder: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true, mode: 0o700 })
  const { rows } = await held.query<{ id: string }>('select id::text as id from storage.objects order by id')
  for (const { id } of rows) {
    await keepObject(path.join(objectsFolder, id), path.join(into, id)).catch((error: unknown) => {
      throw new BackupError('backup_object_missing', `The stored object ${id} has no file in ${objectsFolder}: ${(error as Error).message}`)
    })
  }
}

/**
 * The database's files as they are on disk after a checkpoint (PGlite writes through to them), less
 * the WAL segments it keeps for reuse, which hold only old WAL and are most of the folder's size.
 */
async function copyDatabase(held: HeldDatabase, database: string, into: string): Promise<void> {
  await held.query('checkpoint')
  const [needed] = (await held.query<{ first: string; last: string }>(neededWalQuery)).rows
  if (!needed) throw new Error('The database did not say which WAL it needs')
  const wal = path.join(database, 'pg_wal')
  await cp(database, into, {
    recursive: true,
    filter: (source) => {
      const name = path.basename(source)
      if (path.dirname(source) !== wal || !walSegmentName.test(name)) return true
      return name >= needed.first && name <= needed.last
    },
  })
}

/**
 * One point in time, into `staging`: requests wait while the database is checkpointed and copied
 * and each stored object's file is linked. An upload moves its file into place inside the
 * transaction that writes its row, so every row in the copy has its file, and no file is taken
 * half-written.
 */
export async function takeSnapshot(db: Database, dataDir: string, staging: string): Promise<Snapshot> {
  if (!db.holdStill) throw new BackupError('backup_unsupported', 'Backups are made of the embedded database (PGlite); for a PostgreSQL server use pg_dump.')
  const folder = dataFolder(dataDir)
  return db.holdStill(async (held) => {
    const migrations = await held.query<{ name: string }>('select name from supabase_migrations.schema_migrations order by version')
    const [counts] = (await held.query<BackupCounts>(countsQuery)).rows
    if (!counts) throw new Error('The counts query answered no row')
    await takeObjects(held, folder.objects, path.join(staging, archiveEntries.objectsFolder))
    await copyDatabase(held, folder.database, path.join(staging, archiveEntries.database))
    return { migrations: migrations.rows.map((row) => row.name), counts }
  })
}
