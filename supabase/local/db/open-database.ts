import { dataFolder } from '../data-folder.ts'
import { lockDataDir } from './data-dir-lock.ts'
import type { Database } from './database.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { openPostgresDatabase } from './postgres-database.ts'
import { makeDataDirPrivate } from './private-data-dir.ts'
import { refuseSupabaseOwnDatabase } from './supabase-schema-guard.ts'
import { wipeDataDir } from './wipe-data-dir.ts'

export interface DatabaseLocation {
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string
  /** PGlite's data folder; undefined: in memory. */
  dataDir?: string
  /** Start the data folder's database and files empty. */
  fresh?: boolean
}

async function openServerDatabase(databaseUrl: string): Promise<Database> {
  const db = await openPostgresDatabase(databaseUrl)
  try {
    await refuseSupabaseOwnDatabase(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

/** PGlite on disk: one opener per folder, which stays owner-only while it is open and after. */
async function openFolderDatabase(dataDir: string, fresh: boolean): Promise<Database> {
  const release = await lockDataDir(dataDir)
  try {
    if (fresh) await wipeDataDir(dataDir)
    await makeDataDirPrivate(dataDir)
    const db = await openPgliteDatabase(dataFolder(dataDir).database)
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

export function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.databaseUrl) return openServerDatabase(location.databaseUrl)
  if (location.dataDir) return openFolderDatabase(location.dataDir, location.fresh ?? false)
  return openPgliteDatabase(undefined)
}
