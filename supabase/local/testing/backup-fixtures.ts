import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { BackupSettings } from '../backup/backup-settings.ts'
import { checksumsBelow } from '../backup/file-checksums.ts'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { setAnonymousUploadLimit } from './upload-limits.ts'

export interface BackupPlace {
  root: string
  dataDir: string
  backups: BackupSettings
  /** The environment the backup and restore commands read for this place. */
  env: NodeJS.ProcessEnv
  remove(): Promise<void>
}

/** A temp folder holding a data folder and its backup folder (no schedule, unencrypted unless told). */
export async function backupPlace(passphrase?: string): Promise<BackupPlace> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'))
  const dataDir = path.join(root, 'local')
  const backups: BackupSettings = { folder: path.join(root, 'backups'), passphrase, everyHours: 0, keep: 7 }
  const env: NodeJS.ProcessEnv = {
    LOCAL_BACKEND_DATA_DIR: dataDir,
    LOCAL_BACKEND_BACKUP_DIR: backups.folder,
    LOCAL_BACKEND_BACKUP_EVERY_HOURS: '0',
    ...(passphrase ? { LOCAL_BACKEND_BACKUP_PASSPHRASE: passphrase } : {}),
  }
  return { root, dataDir, backups, env, remove: () => rm(root, { recursive: true, force: true }) }
}

/** A backend on a data folder, visitors' limits off so a test can send a burst from one address. */
export async function startFolderBackend(dataDir: string, backups?: BackupSettings): Promise<RunningBackend> {
  const backend = await startLocalBackend({ dataDir, backups, rateLimits: false, port: 0 })
  await setAnonymousUploadLimit(backend.context.db, 'reference-images', 1_000_000)
  return backend
}

/** Every file below a folder with its checksum: to show a refused restore changed nothing. */
export function folderState(folder: string): Promise<Record<string, string>> {
  return checksumsBelow(folder)
}

export function collectingOutput() {
  const lines = { log: [] as string[], error: [] as string[] }
  return { lines, out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } }
}
