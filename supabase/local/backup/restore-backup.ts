import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { dataFolder } from '../data-folder.ts'
import { lockDataDir } from '../db/data-dir-lock.ts'
import { openPgliteDatabase } from '../db/pglite-database.ts'
import { makeDataDirPrivate } from '../db/private-data-dir.ts'
import { archiveEntries, type BackupCounts, type BackupManifest } from './backup-archive.ts'
import { BackupError } from './backup-error.ts'
import { countsQuery } from './snapshot.ts'
import { unpackBackup } from './unpack-backup.ts'

export interface RestoreRequest {
  file: string
  dataDir: string
  /** Replace a data folder that is not empty. */
  force: boolean
  passphrase: string | undefined
  migrationsDir?: string
}

async function takeFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir, 0)
  } catch (error) {
    throw new BackupError('restore_folder_in_use', (error as Error).message)
  }
}

/** What the folder holds besides the lock this restore took. */
async function contentsOf(dataDir: string): Promise<string[]> {
  const lock = path.basename(dataFolder(dataDir).lock)
  return (await readdir(dataDir)).filter((name) => name !== lock)
}

/** The new folder's contents, from the unpacked backup. */
async function assemble(unpacked: string, folder: string, manifest: BackupManifest): Promise<void> {
  const target = dataFolder(folder)
  await mkdir(folder, { mode: 0o700 })
  await rename(path.join(unpacked, archiveEntries.database), target.database)
  await rename(path.join(unpacked, archiveEntries.keys), target.keys)
  if (archiveEntries.adminCredentials in manifest.files) await rename(path.join(unpacked, archiveEntries.adminCredentials), target.adminCredentials)
  const objects = path.join(unpacked, archiveEntries.objectsFolder)
  if (existsSync(objects)) await rename(objects, target.objects)
}

/** Opens the assembled database and counts what the manifest counted when the backup was made. */
async function checkDatabase(folder: string, expected: BackupCounts, file: string): Promise<void> {
  const db = await openPgliteDatabase(dataFolder(folder).database).catch((error: unknown) => {
    throw new BackupError('backup_damaged', `The database in ${file} does not open: ${(error as Error).message}`)
  })
  try {
    const [found] = (await db.transaction((session) => session.query<BackupCounts>(countsQuery))).rows
    if (found?.leads !== expected.leads || found.objects !== expected.objects || found.users !== expected.users) {
      throw new BackupError('backup_damaged', `The database in ${file} does not hold what its manifest counts (${JSON.stringify(found)} against ${JSON.stringify(expected)}).`)
    }
  } finally {
    await db.close()
  }
}

/** Moves the old contents aside, the new ones in, then drops the old. The lock stays in place throughout. */
async function swapContents(dataDir: string, assembled: string, work: string): Promise<void> {
  const aside = path.join(work, 'replaced')
  await mkdir(aside)
  for (const name of await contentsOf(dataDir)) await rename(path.join(dataDir, name), path.join(aside, name))
  for (const name of await readdir(assembled)) await rename(path.join(assembled, name), path.join(dataDir, name))
}

/**
 * Restores a backup file into a data folder: refused while a server has the folder open, into a
 * folder that is not empty unless forced, and for any file that is not a whole, unchanged backup
 * of this app. Everything is unpacked and checked in a folder beside the target first, so a
 * refusal leaves the target as it was.
 */
export async function restoreBackup(request: RestoreRequest): Promise<BackupManifest> {
  const dataDir = path.resolve(request.dataDir)
  const existed = existsSync(dataDir)
  const release = await takeFolder(dataDir)
  let work: string | undefined
  try {
    const contents = await contentsOf(dataDir)
    if (contents.length > 0 && !request.force) {
      throw new BackupError('restore_folder_not_empty', `The data folder ${dataDir} is not empty (${contents.slice(0, 4).join(', ')}): restore with --force to replace what it holds.`)
    }
    work = await mkdtemp(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restore-`))
    const { unpacked, manifest } = await unpackBackup(request.file, work, request.passphrase, request.migrationsDir)
    const assembled = path.join(work, 'folder')
    await assemble(unpacked, assembled, manifest)
    await checkDatabase(assembled, manifest.counts, request.file)
    await swapContents(dataDir, assembled, work)
    await makeDataDirPrivate(dataDir)
    return manifest
  } finally {
    if (work) await rm(work, { recursive: true, force: true })
    await release()
    if (!existed) await rmdir(dataDir).catch(() => undefined)
  }
}
