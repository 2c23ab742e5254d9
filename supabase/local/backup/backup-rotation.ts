import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { backupTimeOf } from './backup-archive.ts'

/** The backup files in `folder`, newest first (by the time in their names). */
export async function backupsIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [] as string[]
    throw error
  })
  return names
    .map((name) => ({ name, at: backupTimeOf(name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name))
    .map((entry) => path.join(folder, entry.name))
}

/** Deletes all but the newest `keep` backups of the folder; other files are left alone. Answers the deleted ones. */
export async function keepNewest(folder: string, keep: number): Promise<string[]> {
  const old = (await backupsIn(folder)).slice(keep)
  for (const file of old) await rm(file, { force: true })
  return old
}
