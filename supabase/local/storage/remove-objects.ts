import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Caller } from '../http/caller.ts'
import { readJsonBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import type { StorageContext } from './storage-context.ts'
import { invalidRequest } from './storage-error.ts'
import { runStorageRequest } from './storage-transaction.ts'

const removeBodyLimit = 1024 * 1024
/** Hosted Storage's default cap on the names of one delete. */
const maxNames = 1000
const maxNameLength = 1024

/** The body storage-js's `remove(paths)` sends: `{"prefixes": [name, ...]}`, checked as hosted's schema checks it. */
async function namesToRemove(req: IncomingMessage): Promise<string[]> {
  const body = await readJsonBody(req, removeBodyLimit)
  if (!body.ok) throw invalidRequest(body.reason === 'too_large' ? `The body must be at most ${removeBodyLimit} bytes` : `Malformed JSON body: ${body.detail ?? ''}`)
  const prefixes = (body.value as { prefixes?: unknown } | null)?.prefixes
  if (!Array.isArray(prefixes) || prefixes.length === 0) throw invalidRequest("body must have required property 'prefixes' with at least one name")
  if (prefixes.length > maxNames) throw invalidRequest(`At most ${maxNames} names can be removed at once`)
  for (const name of prefixes) {
    if (typeof name !== 'string' || name.length > maxNameLength || name.includes('\u0000')) {
      throw invalidRequest(`Each name must be a string of at most ${maxNameLength} characters`)
    }
  }
  return prefixes as string[]
}

/**
 * `DELETE /object/<bucket>` (supabase-js `remove`): deletes, as the caller, the rows of the named
 * objects its DELETE policies admit (others are left as they are, as on hosted), then their bytes.
 * Answers the removed objects.
 */
export async function removeObjects(req: IncomingMessage, res: ServerResponse, context: StorageContext, who: Caller, bucket: string) {
  const names = await namesToRemove(req)
  const removed = await runStorageRequest(req, context, who, (session) =>
    session.query<{ id: string; name: string }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, name, bucket_id, owner, created_at, updated_at, last_accessed_at, metadata`,
      [bucket, names],
    ),
  )
  for (const object of removed.rows) await context.objects.remove(object.id)
  sendJson(res, 200, removed.rows)
}
