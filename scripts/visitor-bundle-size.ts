import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

export interface ChunkSize {
  file: string
  gzipBytes: number
}

/**
 * The JavaScript the browser must download before the home page runs: the entry chunk and every
 * chunk it imports statically, gzipped. Lazily imported chunks (admin, upload, scheduler, api) are
 * not counted: they load when needed.
 */
export function initialChunks(outDir: string, manifest: Manifest, entry = 'index.html'): ChunkSize[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(entry)
  if (seen.size === 0) throw new Error(`The build manifest has no entry ${entry}`)
  return [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length }))
}
