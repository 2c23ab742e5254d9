import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { bearerToken } from '../http/caller.ts'
import { readBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import type { ServiceHandler } from '../http/service.ts'
import { verifyJwt } from '../jwt.ts'
import { loadEdgeHandler } from './edge-functions.ts'

// Hosted Edge Functions take requests of up to 20 MB; the functions here need far less.
const maxBodyBytes = 1024 * 1024

/** The backend's own address as the client reached it, from the socket (a client cannot choose it, unlike Host). */
function ownUrl(req: IncomingMessage): string {
  const address = req.socket.localAddress ?? '127.0.0.1'
  const host = address.includes(':') ? `[${address}]` : address
  return `http://${host}:${req.socket.localPort}`
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** Hosted's gateway (verify_jwt, the default) lets a call through only with a token the project signed. */
async function refusedToken(req: IncomingMessage, context: BackendContext): Promise<string | undefined> {
  const token = bearerToken(req)
  if (!token) return 'Missing authorization header'
  const check = await verifyJwt(token, context.keys.jwtSecret)
  return check.ok ? undefined : 'Invalid JWT'
}

async function invoke(req: IncomingMessage, res: ServerResponse, context: BackendContext, url: URL, path: string) {
  const name = path.slice(1)
  const handler = name.includes('/') ? undefined : await loadEdgeHandler(name)
  if (!handler) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
  if (req.method !== 'POST') {
    return sendJson(res, 501, { code: 'LOCAL501', message: `Not supported by the local backend: ${req.method ?? 'GET'} /functions/v1${path}` })
  }
  const refused = await refusedToken(req, context)
  if (refused) return sendJson(res, 401, { code: 401, message: refused })
  const body = await readBody(req, maxBodyBytes)
  if (!body.ok) return sendJson(res, 413, { code: 'request_too_large', message: 'The request body is too large.' })
  const baseUrl = ownUrl(req)
  const request = new Request(`${baseUrl}/functions/v1${path}${url.search}`, { method: 'POST', headers: requestHeaders(req), body: new Uint8Array(body.bytes) })
  const response = await handler(request, {
    SUPABASE_URL: baseUrl,
    SUPABASE_ANON_KEY: context.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: context.keys.serviceRoleKey,
  })
  await send(res, response)
}

/** `/functions/v1/<name>`: POST runs `supabase/functions/<name>/handler.ts` in-process, as hosted Deno runs its index.ts. */
export function functionsService(context: BackendContext): ServiceHandler {
  return (req, res, url, path) => invoke(req, res, context, url, path)
}
