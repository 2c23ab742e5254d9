import type { ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { StorageContext } from './storage-context.ts'
import { servedHeaders } from './header-values.ts'
import type { ObjectAddress } from './object-path.ts'
import { objectNotFound } from './storage-error.ts'

/** `GET`/`HEAD /object/public/<bucket>/<name>`: the bytes streamed from the object store. */
export async function readPublic(res: ServerResponse, context: StorageContext, target: ObjectAddress, head: boolean) {
  const found = await context.db.transaction((s) =>
    s.query<{ id: string; metadata: unknown }>(
      `select o.id::text as id, o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id
        where b.public and o.bucket_id = $1 and o.name = $2`,
      [target.bucket, target.name],
    ),
  )
  const row = found.rows[0]
  if (!row) throw objectNotFound()
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
