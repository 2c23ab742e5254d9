import type { IncomingMessage, ServerResponse } from 'node:http'
import { identifyCaller, type Caller } from '../http/caller.ts'
import { readJsonBody } from '../http/read-body.ts'
import { sendEmpty, sendJson, sendRawJson } from '../http/respond.ts'
import type { BackendContext } from '../backend-context.ts'
import type { ServiceHandler } from '../http/service.ts'
import { contentRange, rangeAnswer } from './content-range.ts'
import { splitFunctionReadParams } from './function-read-params.ts'
import { parsePrefer, type Preferences } from './prefer.ts'
import { isIdentifier } from './identifiers.ts'
import { parseTableQuery, type TableQuery } from './query-params.ts'
import { restErrorFromDatabase } from './database-error.ts'
import { RestError, badRequest, notSupported } from './rest-error.ts'
import { runRestRequest } from './rest-transaction.ts'
import { callFunction, findFunction, functionArguments } from './rpc.ts'
import { deleteRows, insertRows, selectRows, tableSource, updateRows, type RowsResult } from './table-operations.ts'

const jsonBodyLimit = 1024 * 1024
const singleObject = 'application/vnd.pgrst.object+json'

function wantsSingleObject(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes(singleObject)
}

function checkProfile(req: IncomingMessage): void {
  for (const header of ['accept-profile', 'content-profile'] as const) {
    const value = req.headers[header]
    if (value !== undefined && value !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null)
    }
  }
}

function requireSingleRow(result: RowsResult): void {
  if (result.count !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${result.count} rows`, null)
  }
}

function singleRow(result: RowsResult): string {
  requireSingleRow(result)
  const rows = JSON.parse(result.body) as unknown[]
  return JSON.stringify(rows[0])
}

/** A read's rows (a table, a view or a set-returning function), with PostgREST's status and Content-Range. */
function sendRows(req: IncomingMessage, res: ServerResponse, query: TableQuery, result: RowsResult): void {
  const { status, headers } = rangeAnswer(query.offset ?? 0, result.count, result.total)
  if (req.method === 'HEAD') {
    if (wantsSingleObject(req)) requireSingleRow(result)
    return sendEmpty(res, status, headers)
  }
  return sendRawJson(res, status, wantsSingleObject(req) ? singleRow(result) : result.body, headers)
}

function readRange(req: IncomingMessage, query: TableQuery): void {
  const range = req.headers.range
  if (!range) return
  const match = /^(\d+)-(\d*)$/.exec(range.trim())
  if (!match) throw badRequest('PGRST103', `Requested range not satisfiable: ${range}`)
  const from = Number(match[1])
  query.offset = from
  if (match[2]) query.limit = Math.max(Number(match[2]) - from + 1, 0)
}

/** The JSON body; an empty one is refused for writes and means "no arguments" for a function call. */
async function readBodyOrThrow(req: IncomingMessage, whenEmpty: 'refuse' | 'accept' = 'refuse'): Promise<unknown> {
  const body = await readJsonBody(req, jsonBodyLimit)
  if (!body.ok && body.reason === 'too_large') {
    throw new RestError(413, 'PGRST413', `Request body too large: the limit is ${jsonBodyLimit} bytes`, null, null)
  }
  if (!body.ok) throw badRequest('PGRST102', 'Empty or invalid json', body.detail ?? null)
  if (body.empty && whenEmpty === 'refuse') throw badRequest('PGRST102', 'Empty or invalid json', 'The request body is empty')
  return body.value
}

async function handleTable(
  req: IncomingMessage,
  res: ServerResponse,
  context: BackendContext,
  caller: Caller,
  table: string,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET'
  const query = parseTableQuery(url.searchParams)
  const prefer: Preferences = parsePrefer(req.headers.prefer)
  if (query.columns && method !== 'POST') throw notSupported(`columns= on ${method}`)
  const single = wantsSingleObject(req)

  if (method === 'GET' || method === 'HEAD') {
    readRange(req, query)
    const result = await runRestRequest(req, context, caller, { path, readOnly: true }, (s) =>
      selectRows(s, tableSource(table), query, prefer, method === 'HEAD'),
    )
    return sendRows(req, res, query, result)
  }
  if (query.limit !== undefined || query.offset !== undefined || query.order.length > 0) {
    throw notSupported(`limit, offset or order on ${method}`)
  }
  const body = method === 'DELETE' ? undefined : await readBodyOrThrow(req)
  const result = await runRestRequest(req, context, caller, { path, readOnly: false }, async (session) => {
    let outcome: RowsResult | undefined
    if (method === 'POST') outcome = await insertRows(session, table, body, query, prefer)
    else if (method === 'PATCH') outcome = await updateRows(session, table, body, query, prefer)
    else if (method === 'DELETE') outcome = await deleteRows(session, table, query, prefer)
    else throw notSupported(`method ${method} on a table`)
    if (single && prefer.returnRepresentation && outcome) singleRow(outcome)
    return outcome
  })
  const status = method === 'POST' ? 201 : prefer.returnRepresentation ? 200 : 204
  const headers: Record<string, string> = {}
  if (result && prefer.countExact) headers['Content-Range'] = contentRange(0, result.count, result.total)
  if (!prefer.returnRepresentation || !result) return sendEmpty(res, status, headers)
  return sendRawJson(res, status, single ? singleRow(result) : result.body, headers)
}

/**
 * `POST /rpc/<fn>` with the arguments as a JSON object, or `GET`/`HEAD` with them in the query
 * string; either way the query string may filter, select, order and page what a set-returning
 * function returns, as on a table. GET, HEAD and a STABLE or IMMUTABLE function run read-only.
 */
async function handleRpc(req: IncomingMessage, res: ServerResponse, context: BackendContext, caller: Caller, name: string, url: URL, path: string) {
  const method = req.method ?? 'GET'
  if (method !== 'POST' && method !== 'GET' && method !== 'HEAD') throw notSupported(`${method} on /rpc`)
  const { args, tableParams } =
    method === 'POST' ? { args: await readBodyOrThrow(req, 'accept'), tableParams: url.searchParams } : splitFunctionReadParams(url.searchParams)
  const query = parseTableQuery(tableParams)
  if (query.columns) throw notSupported('columns= on a function call')
  readRange(req, query)
  const prefer = parsePrefer(req.headers.prefer)
  const named = functionArguments(args)
  const shape = await findFunction(context.db, name, named.map(([key]) => key))
  const readOnly = method !== 'POST' || shape.readOnly
  const result = await runRestRequest(req, context, caller, { path, readOnly }, (s) =>
    callFunction(s, shape, { args: named, query, prefer, headersOnly: method === 'HEAD' }),
  )
  if (result.kind === 'rows') return sendRows(req, res, query, result.rows)
  const headers = { 'Content-Range': contentRange(0, result.count, prefer.countExact ? result.count : undefined) }
  if (result.body === undefined) return sendEmpty(res, result.status ?? 204, headers)
  if (method === 'HEAD') return sendEmpty(res, result.status ?? 200, headers)
  return sendRawJson(res, result.status ?? 200, result.body, headers)
}

async function handleRest(req: IncomingMessage, res: ServerResponse, context: BackendContext, url: URL, path: string) {
  const identified = await identifyCaller(req, url, context.keys)
  if (!identified.ok) {
    const message = identified.reason === 'expired' ? 'JWT expired' : identified.reason === 'role' ? 'JWT role is not one of anon, authenticated, service_role' : 'JWT invalid: signature or format not accepted'
    return sendJson(res, 401, { code: 'PGRST301', details: null, hint: null, message }, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    })
  }
  const caller = identified.caller
  try {
    checkProfile(req)
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    const [first, second, ...rest] = segments
    if (first === 'rpc' && second !== undefined && rest.length === 0) return await handleRpc(req, res, context, caller, second, url, path)
    if (first === undefined || second !== undefined) throw notSupported(`path /rest/v1${path}`)
    if (!isIdentifier(first)) {
      throw new RestError(404, '42P01', `relation "public.${first}" does not exist`)
    }
    return await handleTable(req, res, context, caller, first, url, path)
  } catch (error) {
    const restError = error instanceof RestError ? error : restErrorFromDatabase(error, caller.role)
    if (restError) return sendJson(res, restError.status, restError.body, restError.headers)
    throw error
  }
}

/** `/rest/v1/...`: the PostgREST subset supabase-js uses. */
export function restService(context: BackendContext): ServiceHandler {
  return (req, res, url, path) => handleRest(req, res, context, url, path)
}
