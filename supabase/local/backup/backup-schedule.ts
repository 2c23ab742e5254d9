import path from 'node:path'
import { backupTimeOf } from './backup-archive.ts'
import { backupsIn } from './backup-rotation.ts'
import type { BackupRunner } from './backup-runner.ts'

export interface BackupSchedule {
  everyMs: number
  /** The earliest first backup after start, so starting is not slowed by one. */
  firstAfterMs: number
  folder: string
}

const hourMs = 3600_000
/** The longest delay a Node timer takes; a longer one would fire at once. */
const longestTimerMs = 2 ** 31 - 1

export function scheduleFromSettings(settings: { everyHours: number; folder: string }): BackupSchedule {
  return { everyMs: settings.everyHours * hourMs, firstAfterMs: 60_000, folder: settings.folder }
}

/** How long until the next backup is due: a full period after the newest in the folder, and not before `firstAfterMs`. */
export async function firstDelay(schedule: BackupSchedule, now = Date.now()): Promise<number> {
  const [newest] = await backupsIn(schedule.folder)
  const newestAt = newest ? (backupTimeOf(path.basename(newest))?.getTime() ?? 0) : 0
  return Math.max(schedule.firstAfterMs, newestAt + schedule.everyMs - now)
}

/**
 * Backups every `everyMs` while the server runs; a failure is logged and the next one comes at its
 * time. Answers a function that stops the schedule.
 */
export function scheduleBackups(runner: BackupRunner, schedule: BackupSchedule, log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const next = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => void runOnce(), Math.min(delay, longestTimerMs))
    timer.unref()
  }
  const runOnce = async () => {
    try {
      const made = await runner.run()
      log(`[local backend] scheduled backup written: ${made.file} (${made.bytes} bytes)`)
    } catch (error) {
      log(`[local backend] scheduled backup failed, next try in ${schedule.everyMs / hourMs} h: ${(error as Error).message}`)
    }
    next(schedule.everyMs)
  }
  firstDelay(schedule).then(next, (error: unknown) => {
    log(`[local backend] backup schedule could not read ${schedule.folder}: ${(error as Error).message}`)
    next(schedule.everyMs)
  })
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
