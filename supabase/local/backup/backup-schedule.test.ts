import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { backupFileName } from './backup-archive.ts'
import { BackupError } from './backup-error.ts'
import { keepNewest } from './backup-rotation.ts'
import type { BackupRunner } from './backup-runner.ts'
import { firstDelay, scheduleBackups, type BackupSchedule } from './backup-schedule.ts'
import type { BackupResult } from './make-backup.ts'

const hour = 3600_000
let folder: string

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'backup-schedule-'))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

afterEach(async () => {
  vi.useRealTimers()
  for (const name of await readdir(folder)) await rm(path.join(folder, name))
})

async function backupsMadeAt(...times: Date[]) {
  for (const [index, at] of times.entries()) await writeFile(path.join(folder, backupFileName(at, index % 2 === 1)), '')
}

describe('rotation', () => {
  test('keeps the newest backups by the time in their names, and leaves other files alone', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 0, 0))
    await backupsMadeAt(day(3), day(9), day(1), day(5), day(7))
    await writeFile(path.join(folder, 'notes.txt'), 'mine')
    await writeFile(path.join(folder, 'backup-by-hand.tar.gz'), 'mine')
    const deleted = await keepNewest(folder, 3)
    expect(deleted.map((file) => path.basename(file))).toEqual([backupFileName(day(3), false), backupFileName(day(1), false)])
    expect((await readdir(folder)).sort()).toEqual(
      ['backup-by-hand.tar.gz', 'notes.txt', backupFileName(day(9), true), backupFileName(day(5), true), backupFileName(day(7), false)].sort(),
    )
  })
})

describe('schedule', () => {
  const schedule = (): BackupSchedule => ({ everyMs: 24 * hour, firstAfterMs: 60_000, folder })

  test('the first backup is due a period after the newest in the folder, and never sooner than a minute after start', async () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0)
    expect(await firstDelay(schedule(), now)).toBe(60_000)
    await backupsMadeAt(new Date(now - 23 * hour))
    expect(await firstDelay(schedule(), now)).toBe(hour)
    await backupsMadeAt(new Date(now - 30 * hour))
    expect(await firstDelay(schedule(), now)).toBe(hour)
    await rm(path.join(folder, backupFileName(new Date(now - 23 * hour), false)))
    expect(await firstDelay(schedule(), now)).toBe(60_000)
  })

  test('runs at its times; a failure is logged and the next one still comes; nothing after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const outcomes: Array<() => Promise<BackupResult>> = [
      async () => {
        throw new BackupError('backup_object_missing', 'disk trouble')
      },
      async () => ({ file: '/backups/b.tar.gz', bytes: 10, encrypted: false, createdAt: '', counts: { leads: 0, objects: 0, users: 0 } }),
    ]
    let runs = 0
    const runner: BackupRunner = { run: () => (outcomes[runs++] ?? outcomes[1])!() }
    const log: string[] = []
    const stop = scheduleBackups(runner, schedule(), (line) => log.push(line))
    // The first timer is set once the folder has been read.
    while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(59_000)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(runs).toBe(1)
    expect(log).toEqual(['[local backend] scheduled backup failed, next try in 24 h: disk trouble'])
    await vi.advanceTimersByTimeAsync(24 * hour)
    expect(runs).toBe(2)
    expect(log[1]).toBe('[local backend] scheduled backup written: /backups/b.tar.gz (10 bytes)')
    stop()
    await vi.advanceTimersByTimeAsync(48 * hour)
    expect(runs).toBe(2)
  })
})
