import path from 'node:path'

export interface BackupSettings {
  /** Where backups are written (0700), one file each (0600). */
  folder: string
  /** Encrypts backups when set; also needed to restore them. */
  passphrase: string | undefined
  /** Hours between scheduled backups while a server runs; 0: none. */
  everyHours: number
  /** Backups kept in the folder: older ones are deleted after each new one. */
  keep: number
}

/** Shorter passphrases are refused: a backup holds every visitor's details and the keys. */
export const minimumPassphraseLength = 12

function wholeNumber(name: string, raw: string | undefined, fallback: number, least: number): number {
  if (raw === undefined || raw.trim() === '') return fallback
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < least) throw new Error(`${name} must be a whole number of at least ${least}, got "${raw}"`)
  return Number(raw)
}

function passphrase(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  if (raw.length < minimumPassphraseLength) throw new Error(`LOCAL_BACKEND_BACKUP_PASSPHRASE must be at least ${minimumPassphraseLength} characters long`)
  return raw
}

/**
 * Backups go beside the data folder by default (`<data folder>-backups`), never inside it; a fresh
 * (throwaway) data folder gets no scheduled backups unless asked.
 */
export function readBackupSettings(env: NodeJS.ProcessEnv, dataDir: string, fresh: boolean, cwd: string): BackupSettings {
  const configured = env.LOCAL_BACKEND_BACKUP_DIR?.trim()
  const folder = configured ? path.resolve(cwd, configured) : `${dataDir}-backups`
  const inside = path.relative(dataDir, folder)
  if (!inside.startsWith('..') && !path.isAbsolute(inside)) throw new Error(`LOCAL_BACKEND_BACKUP_DIR must be outside the data folder ${dataDir} (a restore replaces what it holds), got "${configured}"`)
  return {
    folder,
    passphrase: passphrase(env.LOCAL_BACKEND_BACKUP_PASSPHRASE),
    everyHours: wholeNumber('LOCAL_BACKEND_BACKUP_EVERY_HOURS', env.LOCAL_BACKEND_BACKUP_EVERY_HOURS, fresh ? 0 : 24, 0),
    keep: wholeNumber('LOCAL_BACKEND_BACKUP_KEEP', env.LOCAL_BACKEND_BACKUP_KEEP, 7, 1),
  }
}

/** One line for the server's start-up message. */
export function describeBackups(settings: BackupSettings): string {
  const schedule = settings.everyHours > 0 ? `every ${settings.everyHours} h, keeping the last ${settings.keep}` : 'none scheduled'
  return `${settings.folder} (${schedule}; ${settings.passphrase ? 'encrypted' : 'not encrypted'})`
}
