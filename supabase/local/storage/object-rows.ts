import { randomUUID } from 'node:crypto'
import type { SqlSession } from '../db/database.ts'
import type { ObjectAddress } from './object-path.ts'
import { objectNotFound } from './storage-error.ts'

export type UploadMode = 'create' | 'upsert' | 'update'

export interface ObjectRow {
  target: ObjectAddress
  owner: string | null
  /** storage.objects.metadata as JSON text. */
  metadata: string
}

/** Writes the storage.objects row in the caller's session (so RLS decides) and returns the object id. */
export async function writeObjectRow(session: SqlSession, mode: UploadMode, row: ObjectRow): Promise<string> {
  const params = [row.target.bucket, row.target.name, row.owner, row.metadata]
  if (mode === 'update') {
    const updated = await session.query(
      `update storage.objects set metadata = $4::jsonb, owner = $3::uuid, updated_at = now()
        where bucket_id = $1 and name = $2 returning id::text as id`,
      params,
    )
    if (!updated.rows[0]) throw objectNotFound()
    return String(updated.rows[0].id)
  }
  if (mode === 'upsert') {
    const upserted = await session.query(
      `insert into storage.objects (id, bucket_id, name, owner, metadata) values ($5::uuid, $1, $2, $3::uuid, $4::jsonb)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()
       returning id::text as id`,
      [...params, randomUUID()],
    )
    return String(upserted.rows[0]?.id)
  }
  const id = randomUUID()
  // No RETURNING: like hosted Storage, creating needs only an INSERT policy, not a SELECT one.
  await session.query('insert into storage.objects (id, bucket_id, name, owner, metadata) values ($5::uuid, $1, $2, $3::uuid, $4::jsonb)', [
    ...params,
    id,
  ])
  return id
}
