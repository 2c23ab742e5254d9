import { rm } from 'node:fs/promises'
import { dataFolder } from '../data-folder.ts'

/** Database, uploaded files and first-admin credentials go; keys and the lock stay. */
export async function wipeDataDir(dataDir: string): Promise<void> {
  const folder = dataFolder(dataDir)
  for (const entry of [folder.database, folder.objects, folder.adminCredentials]) {
    await rm(entry, { recursive: true, force: true })
  }
}
