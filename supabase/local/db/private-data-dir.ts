import { chmod, readdir } from 'node:fs/promises'
import path from 'node:path'

/** A file the database removes while the walk runs is no longer a concern. */
function unlessGone(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
}

async function restrict(folder: string): Promise<void> {
  await chmod(folder, 0o700)
  const entries = await readdir(folder, { withFileTypes: true })
  for (const entry of entries) {
    const target = path.join(folder, entry.name)
    if (entry.isDirectory()) await restrict(target).catch(unlessGone)
    else if (entry.isFile()) await chmod(target, 0o600).catch(unlessGone)
  }
}

/**
 * The data folder holds password hashes, keys and visitors' details: owner-only, the folder and
 * everything below it. PGlite creates its files world-writable (0666), so this runs after it opens.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  await restrict(dataDir).catch(unlessGone)
}
