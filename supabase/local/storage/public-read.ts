import type { ServerResponse } from 'node:http'
import type { StorageContext } from './storage-context.ts'
import type { ObjectAddress } from './object-path.ts'
import { serveObject } from './serve-object.ts'
import { bucketNotFound, objectNotFound } from './storage-error.ts'

/**
 * `GET`/`HEAD /object/public/<bucket>/<name>`: the bytes of an object of a public bucket. A private
 * bucket answers as a missing one, as hosted Storage does.
 */
export async function readPublic(res: ServerResponse, context: StorageContext, target: ObjectAddress, head: boolean) {
  const found = await context.db.transaction((s) =>
    s.query<{ id: string | null; metadata: unknown }>(
      `select o.id::text as id, o.metadata from storage.buckets b left join storage.objects o on o.bucket_id = b.id and o.name = $2
        where b.id = $1 and b.public`,
      [target.bucket, target.name],
    ),
  )
  const row = found.rows[0]
  if (!row) throw bucketNotFound()
  if (row.id === null) throw objectNotFound()
  await serveObject(res, context, { id: row.id, metadata: row.metadata }, head)
}
