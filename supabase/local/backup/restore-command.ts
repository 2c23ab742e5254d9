import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readSettings } from '../config.ts'
import type { CommandOutput } from './backup-command.ts'
import { pgRestoreAdvice } from './postgres-advice.ts'
import { restoreBackup } from './restore-backup.ts'

export const restoreUsage = 'Usage: npm run restore -- <backup file> [--force] [--data-dir <folder>]'

/** `npm run restore`: answers the process's exit code. */
export async function runRestoreCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput, cwd = process.cwd()): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } }, strict: true, allowPositionals: true })
  } catch (error) {
    out.error(`${(error as Error).message}\n${restoreUsage}`)
    return 2
  }
  const [file, ...others] = parsed.positionals
  if (!file || others.length > 0) {
    out.error(`${file ? 'Name one backup file only.' : 'Name the backup file to restore.'}\n${restoreUsage}`)
    return 2
  }
  const backupFile = path.resolve(cwd, file)
  if (!existsSync(backupFile)) {
    out.error(`There is no file ${backupFile}.`)
    return 2
  }
  try {
    const dataDirArg = parsed.values['data-dir']
    const settings = readSettings(dataDirArg === undefined ? env : { ...env, LOCAL_BACKEND_DATA_DIR: dataDirArg }, cwd)
    if (settings.databaseUrl) {
      out.error(pgRestoreAdvice)
      return 1
    }
    const manifest = await restoreBackup({ file: backupFile, dataDir: settings.dataDir, force: parsed.values.force, passphrase: settings.backups.passphrase })
    const { leads, objects, users } = manifest.counts
    out.log(`Restored ${backupFile} (made ${manifest.createdAt}: ${leads} leads, ${objects} uploaded files, ${users} users) into ${settings.dataDir}`)
    return 0
  } catch (error) {
    out.error(`Restore refused: ${(error as Error).message}`)
    return 1
  }
}
