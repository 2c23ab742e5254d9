import type { Database } from '../db/database.ts'
import type { ObjectStore } from './object-store.ts'

/**
 * Removes the files of erased leads still queued in public.pending_file_erasures
 * (20261129000200), as Storage would: their storage.objects rows, then their bytes; forgets the
 * queued names no object holds any more. Answers how many files went (0 on a database migrated
 * before the queue existed).
 */
export async function removePendingFiles(db: Database, objects: ObjectStore): Promise<number> {
  const removed = await db.transaction(async (session) => {
    const found = await session.query<{ present: boolean }>("select to_regclass('public.pending_file_erasures') is not null as present")
    if (!found.rows[0]?.present) return []
    const gone = await session.query<{ id: string }>(
      `delete from storage.objects as o using public.pending_file_erasures as p
       where o.bucket_id = p.bucket_id and o.name = p.name
       returning o.id`,
    )
    await session.query(
      `delete from public.pending_file_erasures as p
       where not exists (select 1 from storage.objects as o where o.bucket_id = p.bucket_id and o.name = p.name)`,
    )
    return gone.rows.map((row) => row.id)
  })
  for (const id of removed) await objects.remove(id)
  return removed.length
}
