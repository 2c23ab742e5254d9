import { copyFile, link, mkdir, writeFile } from 'node:fs/promises'
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
 * One point in time, into `staging`: requests wait while the database is checkpointed and dumped
 * and each stored object's file is linked. An upload moves its file into place inside the
 * transaction that writes its row, so every row in the dump has its file, and no file is taken
 * half-written.
 */
export async function takeSnapshot(db: Database, dataDir: string, staging: string): Promise<Snapshot> {
  if (!db.holdStill) throw new BackupError('backup_unsupported', 'Backups are made of the embedded database (PGlite); for a PostgreSQL server use pg_dump.')
  const { tar, ...snapshot } = await db.holdStill(async (held) => {
    await held.query('checkpoint')
    const migrations = await held.query<{ name: string }>('select name from supabase_migrations.schema_migrations order by version')
    const [counts] = (await held.query<BackupCounts>(countsQuery)).rows
    if (!counts) throw new Error('The counts query answered no row')
    await takeObjects(held, dataFolder(dataDir).objects, path.join(staging, archiveEntries.objectsFolder))
    return { tar: await held.dataFolderTar(), migrations: migrations.rows.map((row) => row.name), counts }
  })
  await writeFile(path.join(staging, archiveEntries.database), Buffer.from(await tar.arrayBuffer()), { mode: 0o600 })
  return snapshot
}
