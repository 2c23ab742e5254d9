import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import * as tar from 'tar'
import { migrationFiles } from '../db/migrations.ts'
import { archiveEntries, backupFormat, backupFormatVersion, backupManifest, type BackupManifest } from './backup-archive.ts'
import { backupFileKind, decryptBackup } from './backup-encryption.ts'
import { BackupError } from './backup-error.ts'
import { filesBelow, sha256Of } from './file-checksums.ts'

const notABackup = (file: string, why: string) => new BackupError('backup_foreign', `${file} is not a backup of this app: ${why}.`)

async function extract(archive: string, into: string, file: string): Promise<void> {
  const odd: string[] = []
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : 'File'
        if (type === 'File' || type === 'Directory') return true
        odd.push(entryPath)
        return false
      },
    })
  } catch (error) {
    throw new BackupError('backup_damaged', `${file} is cut short or damaged: ${(error as Error).message}`)
  }
  if (odd.length > 0) throw notABackup(file, `it holds entries that are not plain files (${odd.slice(0, 3).join(', ')})`)
}

async function readManifest(unpacked: string, file: string): Promise<BackupManifest> {
  const text = await readFile(path.join(unpacked, archiveEntries.manifest), 'utf8').catch(() => undefined)
  if (text === undefined) throw notABackup(file, `it has no ${archiveEntries.manifest}`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw notABackup(file, `its ${archiveEntries.manifest} is not JSON`)
  }
  const format = (json as { format?: unknown; version?: unknown } | null)?.format
  const version = (json as { version?: unknown } | null)?.version
  if (format === backupFormat && typeof version === 'number' && version > backupFormatVersion) {
    throw new BackupError('backup_version_unknown', `${file} was made by a newer version of the app (backup format ${version}); update this checkout to restore it.`)
  }
  const parsed = backupManifest.safeParse(json)
  if (!parsed.success) throw notABackup(file, `its ${archiveEntries.manifest} is not this app's`)
  return parsed.data
}

/** Every file the manifest lists is there with its checksum, and nothing else is. */
async function checkFiles(unpacked: string, manifest: BackupManifest, file: string): Promise<void> {
  const present = (await filesBelow(unpacked)).filter((name) => name !== archiveEntries.manifest)
  const listed = Object.keys(manifest.files).sort()
  const missing = listed.filter((name) => !present.includes(name))
  const extra = present.filter((name) => !(name in manifest.files))
  if (missing.length > 0 || extra.length > 0) {
    throw new BackupError('backup_damaged', `${file} does not hold what its manifest lists (missing: ${missing.length}, unlisted: ${extra.length}).`)
  }
  for (const name of listed) {
    if ((await sha256Of(path.join(unpacked, name))) !== manifest.files[name]) throw new BackupError('backup_damaged', `${file} was changed: ${name} does not match its checksum.`)
  }
}

async function checkMigrations(manifest: BackupManifest, file: string, migrationsDir: string | undefined): Promise<void> {
  const known = new Set(await migrationFiles(migrationsDir))
  const unknown = manifest.migrations.filter((name) => !known.has(name))
  if (unknown.length > 0) {
    throw new BackupError('backup_from_newer_app', `${file} holds migrations this checkout does not have (${unknown.slice(0, 3).join(', ')}); update the checkout to restore it.`)
  }
}

/**
 * Decrypts (when encrypted) and unpacks a backup file into `work/unpacked`, refusing it unless it
 * is whole, this app's, unchanged and restorable by this checkout. Answers its manifest.
 */
export async function unpackBackup(file: string, work: string, passphrase: string | undefined, migrationsDir?: string): Promise<{ unpacked: string; manifest: BackupManifest }> {
  let archive = file
  if ((await backupFileKind(file)) === 'encrypted') {
    archive = path.join(work, 'backup.tar.gz')
    await decryptBackup(file, archive, passphrase)
  }
  const unpacked = path.join(work, 'unpacked')
  await mkdir(unpacked)
  await extract(archive, unpacked, file)
  const manifest = await readManifest(unpacked, file)
  await checkFiles(unpacked, manifest, file)
  await checkMigrations(manifest, file, migrationsDir)
  return { unpacked, manifest }
}
