import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** Every file below `root` (symbolic links and other oddities included, as themselves), by its path relative to `root` with `/`. */
export async function filesBelow(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/** SHA-256 of each file below `root`, by relative path. */
export async function checksumsBelow(root: string, except: readonly string[] = []): Promise<Record<string, string>> {
  const sums: Record<string, string> = {}
  for (const file of await filesBelow(root)) {
    if (!except.includes(file)) sums[file] = await sha256Of(path.join(root, file))
  }
  return sums
}
