import type { Database } from '../db/database.ts'

/**
 * Sets how many files visitors may add to a bucket per period (a row of private.upload_limits), as an
 * operator would in the SQL editor. Tests that upload more than a visitor ever would raise it.
 */
export async function setAnonymousUploadLimit(db: Database, bucket: string, maxUploads: number): Promise<void> {
  await db.transaction((session) =>
    session.query('update private.upload_limits set max_anonymous_uploads = $2 where bucket_id = $1', [bucket, maxUploads]),
  )
}
