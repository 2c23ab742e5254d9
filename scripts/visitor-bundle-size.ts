import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'

export interface ChunkSize {
  file: string
  gzipBytes: number
}

/**
 * The JavaScript chunks a page downloads, gzipped: from the entry, every chunk it imports, statically
 * or dynamically, except the dynamic imports named in `later` (manifest keys such as
 * 'src/features/intake/chat/UploadPanel.tsx') and what only they import. A new lazy import counts
 * until it is named as loading later.
 */
export function chunksLoadedBefore(outDir: string, manifest: Manifest, later: readonly string[], entry = 'index.html'): ChunkSize[] {
  for (const key of later) if (!manifest[key]) throw new Error(`The build manifest has no chunk ${key}`)
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key) || later.includes(key)) return
    seen.add(key)
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported)
  }
  visit(entry)
  if (seen.size === 0) throw new Error(`The build manifest has no entry ${entry}`)
  return [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length }))
}
