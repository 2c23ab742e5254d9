import type { Database } from '../db/database.ts'
import type { BackupSettings } from './backup-settings.ts'
import { BackupError } from './backup-error.ts'
import { keepNewest } from './backup-rotation.ts'
import { makeBackup, type BackupResult } from './make-backup.ts'

export interface BackupRunner {
  /** One backup (with another passphrase than the settings' when given), then the folder keeps the newest; refused while one runs. */
  run(passphrase?: string): Promise<BackupResult>
}

/** Backups of one running backend's data folder, never two at once (asked for or scheduled). */
export function backupRunner(db: Database, dataDir: string, settings: BackupSettings): BackupRunner {
  let running = false
  return {
    async run(passphrase) {
      if (running) throw new BackupError('backup_in_progress', 'A backup is being made right now; try again when it is done.')
      running = true
      try {
        const result = await makeBackup(db, dataDir, { folder: settings.folder, passphrase: passphrase ?? settings.passphrase })
        await keepNewest(settings.folder, settings.keep)
        return result
      } finally {
        running = false
      }
    },
  }
}
