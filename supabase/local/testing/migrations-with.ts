import { copyFile, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defaultMigrationsDir } from '../db/migrations.ts'

/** Copies the project's migrations whose file names sort before `before` (all without it) into `folder`. */
export async function copyMigrations(folder: string, before?: string): Promise<void> {
  for (const file of await readdir(defaultMigrationsDir)) {
    if (before === undefined || file < before) await copyFile(path.join(defaultMigrationsDir, file), path.join(folder, file))
  }
}

/** A temporary folder with the project's migrations plus one more, applied last. */
export async function migrationsWith(extra: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await copyMigrations(folder)
  await writeFile(path.join(folder, '29991231000000_extra.sql'), extra)
  return folder
}

/** A temporary folder with the project's migrations older than `before`: a database as it was then. */
export async function migrationsBefore(before: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await copyMigrations(folder, before)
  return folder
}
