import { copyFile, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defaultMigrationsDir } from '../db/migrations.ts'

/** A temporary folder with the project's migrations plus one more, applied last. */
export async function migrationsWith(extra: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  for (const file of await readdir(defaultMigrationsDir)) await copyFile(path.join(defaultMigrationsDir, file), path.join(folder, file))
  await writeFile(path.join(folder, '29991231000000_extra.sql'), extra)
  return folder
}
