import type { IncomingMessage } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { runAsCaller } from '../db/as-caller.ts'
import type { SqlSession } from '../db/database.ts'
import type { Caller } from '../http/caller.ts'
import { edgeRequestHeaders } from '../http/edge-headers.ts'

const storagePrefix = '/storage/v1'

/**
 * One Storage request's transaction as hosted Storage opens it: the caller's role and claims, then
 * `request.headers` (as the edge passes them on), `request.method` and `request.path` (the raw
 * URL under `/storage/v1`, query included, as Storage's router sees it), so policies can read them.
 * Storage never calls PostgREST's pre-request function.
 */
export function runStorageRequest<T>(req: IncomingMessage, context: BackendContext, caller: Caller, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const rawUrl = req.url ?? ''
  const path = rawUrl.startsWith(storagePrefix) ? rawUrl.slice(storagePrefix.length) : rawUrl
  return runAsCaller(context.db, caller.role, caller.claims, async (session) => {
    await session.query("select set_config('request.headers', $1, true), set_config('request.method', $2, true), set_config('request.path', $3, true)", [
      JSON.stringify(edgeRequestHeaders(req, context.trustProxy)),
      req.method ?? 'GET',
      path,
    ])
    return work(session)
  })
}
