import type { IncomingMessage } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { runAsCaller } from '../db/as-caller.ts'
import type { SqlSession } from '../db/database.ts'
import { roleSettings } from '../db/role-settings.ts'
import type { Caller } from '../http/caller.ts'
import { edgeRequestHeaders } from '../http/edge-headers.ts'
import { preRequestFunction } from './pre-request.ts'

export interface RestRequest {
  /** The raw path below `/rest/v1`, still percent-encoded (`/le%61ds`), as PostgREST sets `request.path`. */
  path: string
  /** GET and HEAD, and POST to a STABLE or IMMUTABLE function: PostgREST runs them read-only, so a write fails with 25006 (405). */
  readOnly: boolean
}

/**
 * One REST request's transaction the way PostgREST runs it: read-only where PostgREST's is, the
 * caller's role and claims, then the role's own settings (statement_timeout), `request.headers`
 * (as hosted's edge passes them on), `request.method` and `request.path`, then the pre-request
 * function if one is configured, then the work itself. With per-address limits off
 * (LOCAL_BACKEND_RATE_LIMITS=off), `local_backend.per_address_limits` is 'off', which
 * `private.take_rate_limit` honours; no hosted service sets it.
 */
export async function runRestRequest<T>(
  req: IncomingMessage,
  context: BackendContext,
  caller: Caller,
  request: RestRequest,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const preRequest = await preRequestFunction(context.db)
  const settings = new Map((await roleSettings(context.db)).get(caller.role))
  if (request.readOnly) settings.set('transaction_read_only', 'on')
  if (!context.rateLimits) settings.set('local_backend.per_address_limits', 'off')
  const headers = JSON.stringify(edgeRequestHeaders(req, context.trustProxy))
  return runAsCaller(context.db, caller.role, caller.claims, async (session) => {
    await session.query(
      `select set_config('request.headers', $1, true), set_config('request.method', $2, true), set_config('request.path', $3, true),
              (select count(set_config(name, value, true)) from unnest($4::text[], $5::text[]) as setting(name, value))`,
      [headers, req.method ?? 'GET', request.path, [...settings.keys()], [...settings.values()]],
    )
    if (preRequest) await session.query(`select ${preRequest}()`)
    return work(session)
  })
}
