import type { ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { StorageContext } from './storage-context.ts'
import { servedHeaders } from './header-values.ts'
import { objectNotFound } from './storage-error.ts'

/** The storage.objects row of an object being served. */
export interface ServedRow {
  id: string
  metadata: unknown
}

/** Streams an object's bytes from the object store with its stored type; a sandboxing CSP keeps any markup inert. */
export async function serveObject(res: ServerResponse, context: StorageContext, row: ServedRow, head: boolean) {
  const stored = await context.objects.open(row.id)
  if (!stored) throw objectNotFound()
  const { contentType, cacheControl } = servedHeaders(row.metadata)
  res.statusCode = 200
  res.setHeader('Content-Type', contentType)
  res.setHeader('Content-Length', stored.size)
  res.setHeader('Cache-Control', cacheControl)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
  if (head) {
    stored.body.destroy()
    res.end()
    return
  }
  // A client that leaves mid-download ends the pipeline early; nothing is left to answer.
  await pipeline(stored.body, res).catch(() => res.destroy())
}
