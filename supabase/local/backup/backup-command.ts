import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { readSettings } from '../config.ts'
import { dataFolder } from '../data-folder.ts'
import { folderHolder } from '../db/data-dir-lock.ts'
import { openDatabase } from '../db/open-database.ts'
import { ensureKeys } from '../keys.ts'
import { BackupError } from './backup-error.ts'
import { backupRunner } from './backup-runner.ts'
import { backupPath } from './backup-service.ts'
import type { BackupSettings } from './backup-settings.ts'
import type { BackupResult } from './make-backup.ts'
import { pgDumpAdvice } from './postgres-advice.ts'
import { announcedServer } from './server-address.ts'

export const backupUsage = 'Usage: npm run backup [-- --data-dir <folder>]'

export interface CommandOutput {
  log(line: string): void
  error(line: string): void
}

/** Asks the server that has the folder open to make the backup: only it may touch the database. */
async function askServer(dataDir: string, holder: number, passphrase: string | undefined): Promise<BackupResult> {
  const server = await announcedServer(dataDir)
  if (!server || server.pid !== holder) {
    throw new BackupError('backup_server_unreachable', `The data folder is open in process ${holder}, which has not said where it answers yet (still starting?). Try again in a moment.`)
  }
  const { serviceRoleKey } = await ensureKeys(dataDir)
  const response = await fetch(`${server.url}${backupPath}`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(passphrase ? { passphrase } : {}),
  }).catch((error: unknown) => {
    throw new BackupError('backup_server_unreachable', `The server of process ${holder} at ${server.url} did not answer: ${(error as Error).message}`)
  })
  const body = (await response.json().catch(() => ({}))) as Partial<BackupResult> & { code?: string; message?: string }
  if (response.status !== 201) throw new BackupError(body.code ?? 'backup_failed', body.message ?? `The server answered HTTP ${response.status}`)
  return body as BackupResult
}

/** No server has the folder: this command opens it (and holds it meanwhile, so none can start). */
async function backUpClosedFolder(dataDir: string, settings: BackupSettings): Promise<BackupResult> {
  const db = await openDatabase({ dataDir })
  try {
    return await backupRunner(db, dataDir, settings).run()
  } finally {
    await db.close()
  }
}

function describe(result: BackupResult): string {
  const { leads, objects, users } = result.counts
  return `Backup written: ${result.file} (${result.bytes.toLocaleString('en-IN')} bytes, ${result.encrypted ? 'encrypted' : 'not encrypted'}; ${leads} leads, ${objects} uploaded files, ${users} users)`
}

/** `npm run backup`: answers the process's exit code. */
export async function runBackupCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput): Promise<number> {
  let dataDirArg: string | undefined
  try {
    const parsed = parseArgs({ args, options: { 'data-dir': { type: 'string' } }, strict: true, allowPositionals: false })
    dataDirArg = parsed.values['data-dir']
  } catch (error) {
    out.error(`${(error as Error).message}\n${backupUsage}`)
    return 2
  }
  try {
    const settings = readSettings(dataDirArg === undefined ? env : { ...env, LOCAL_BACKEND_DATA_DIR: dataDirArg })
    if (settings.databaseUrl) {
      out.error(pgDumpAdvice)
      return 1
    }
    if (!existsSync(dataFolder(settings.dataDir).database)) {
      out.error(`There is no database in ${settings.dataDir} to back up (start the app once, or name the folder with --data-dir).`)
      return 1
    }
    const holder = await folderHolder(settings.dataDir)
    const result = holder === undefined ? await backUpClosedFolder(settings.dataDir, settings.backups) : await askServer(settings.dataDir, holder, settings.backups.passphrase)
    out.log(describe(result))
    return 0
  } catch (error) {
    out.error(`Backup failed: ${(error as Error).message}`)
    return 1
  }
}
