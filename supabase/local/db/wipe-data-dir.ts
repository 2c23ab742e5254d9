import { rm } from 'node:fs/promises'
import path from 'node:path'
import { credentialsFile } from '../first-admin.ts'

/** Database, uploaded files and first-admin credentials go; keys.json and the lock stay. */
export async function wipeDataDir(dataDir: string): Promise<void> {
  for (const entry of [path.join(dataDir, 'pgdata'), path.join(dataDir, 'storage'), credentialsFile(dataDir)]) {
    await rm(entry, { recursive: true, force: true })
  }
}
