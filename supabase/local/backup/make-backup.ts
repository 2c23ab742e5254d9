import { createWriteStream } from 'node:fs'
import { chmod, copyFile, link, mkdir, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import type { Database } from '../db/database.ts'
import { dataFolder } from '../data-folder.ts'
import { archiveEntries, backupFileName, backupFormat, backupFormatVersion, type BackupCounts, type BackupManifest } from './backup-archive.ts'
import { encrypting } from './backup-encryption.ts'
import { BackupError } from './backup-error.ts'
import { checksumsBelow } from './file-checksums.ts'
import { takeSnapshot } from './snapshot.ts'

export interface BackupTarget {
  folder: string
  passphrase: string | undefined
}

export interface BackupResult {
  file: string
  bytes: number
  encrypted: boolean
  createdAt: string
  counts: BackupCounts
}

async function copySecrets(dataDir: string, staging: string): Promise<void> {
  const folder = dataFolder(dataDir)
  await copyFile(folder.keys, path.join(staging, archiveEntries.keys))
  await copyFile(folder.adminCredentials, path.join(staging, archiveEntries.adminCredentials)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  })
}

/** The backup folder, owner-only like the data folder: a backup holds the same secrets. */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, 0o700)
}

/** Writes the archive under a hidden name, then gives it its own: a backup file is complete or absent. */
async function writeArchive(staging: string, entries: string[], target: BackupTarget, file: string): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`)
  try {
    const archive = tar.c({ gzip: true, cwd: staging, portable: true }, entries)
    const output = createWriteStream(partial, { mode: 0o600, flags: 'wx' })
    if (target.passphrase) await pipeline(archive, encrypting(target.passphrase), output)
    else await pipeline(archive, output)
    await link(partial, file).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError('backup_exists', `${file} exists already; try again in a moment.`)
      throw error
    })
  } finally {
    await unlink(partial).catch(() => undefined)
  }
}

/**
 * A backup of a PGlite data folder (the database at one point in time and the files of the objects
 * it holds, with the keys) as one file in `target.folder`, encrypted when a passphrase is given.
 */
export async function makeBackup(db: Database, dataDir: string, target: BackupTarget, now = new Date()): Promise<BackupResult> {
  const staging = dataFolder(dataDir).backupStaging
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { mode: 0o700 })
  try {
    const snapshot = await takeSnapshot(db, dataDir, staging)
    await copySecrets(dataDir, staging)
    const manifest: BackupManifest = {
      format: backupFormat,
      version: backupFormatVersion,
      createdAt: now.toISOString(),
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      files: await checksumsBelow(staging),
    }
    await writeFile(path.join(staging, archiveEntries.manifest), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 })
    await privateFolder(target.folder)
    const file = path.join(target.folder, backupFileName(now, Boolean(target.passphrase)))
    // Whole folders, so the database's empty folders (which PostgreSQL needs) are kept too.
    await writeArchive(staging, (await readdir(staging)).sort(), target, file)
    return { file, bytes: (await stat(file)).size, encrypted: Boolean(target.passphrase), createdAt: manifest.createdAt, counts: manifest.counts }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
