import type { IncomingMessage } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { runAsCaller } from '../db/as-caller.ts'
import type { SqlSession } from '../db/database.ts'
import { roleSettings } from '../db/role-settings.ts'
import type { Caller } from '../http/caller.ts'
import { clientAddress } from '../http/client-address.ts'
import { preRequestFunction } from './pre-request.ts'

/**
 * `request.headers` as PostgREST sets it: one JSON object of the headers (Node lowercases the
 * names). The client's own X-Forwarded-For is replaced by the address the backend trusts, as a
 * gateway in front of PostgREST would.
 */
function requestHeadersJson(req: IncomingMessage, context: BackendContext): string {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  headers['x-forwarded-for'] = clientAddress(req, context.trustProxy)
  return JSON.stringify(headers)
}

/**
 * One REST request's transaction the way PostgREST runs it: the caller's role and claims, then
 * the role's own settings (statement_timeout), `request.headers`, `request.method` and
 * `request.path` (`/<table>` or `/rpc/<fn>`), then the
 * pre-request function (unless per-address limits are off), then the work itself.
 */
export async function runRestRequest<T>(
  req: IncomingMessage,
  context: BackendContext,
  caller: Caller,
  requestPath: string,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const preRequest = context.rateLimits ? await preRequestFunction(context.db) : undefined
  const ownSettings = (await roleSettings(context.db)).get(caller.role) ?? new Map<string, string>()
  const headers = requestHeadersJson(req, context)
  return runAsCaller(context.db, caller.role, caller.claims, async (session) => {
    await session.query(
      `select set_config('request.headers', $1, true), set_config('request.method', $2, true), set_config('request.path', $3, true),
              (select count(set_config(name, value, true)) from unnest($4::text[], $5::text[]) as setting(name, value))`,
      [headers, req.method ?? 'GET', requestPath, [...ownSettings.keys()], [...ownSettings.values()]],
    )
    if (preRequest) await session.query(`select ${preRequest}()`)
    return work(session)
  })
}
