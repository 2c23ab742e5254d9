import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { checkApiKey } from './http/caller.ts'
import { refuseUpgrade } from './http/refuse-upgrade.ts'
import { sendEmpty, sendJson, setCorsHeaders } from './http/respond.ts'
import type { ServiceHandler } from './http/service.ts'
import type { BackendKeys } from './keys.ts'
import type { RealtimeService } from './realtime/realtime-service.ts'
import { isKeylessObjectRead } from './storage/storage-routes.ts'

export type Handler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void

/** An HTTP server's 'upgrade' listener: false leaves the request to another listener (Vite's HMR socket). */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean

const services = ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1', '/functions/v1', '/backup/v1'] as const

type Service = (typeof services)[number]

/** The APIs' HTTP handlers (and the local backend's own backups), available once the database is ready. */
export type Services = Record<Service, ServiceHandler>

const realtimeSocketPath = '/realtime/v1/websocket'

function splitService(pathname: string): { service: Service; path: string } | undefined {
  for (const service of services) {
    if (pathname === service || pathname.startsWith(`${service}/`)) return { service, path: pathname.slice(service.length) }
  }
  return undefined
}

async function dispatch(req: IncomingMessage, res: ServerResponse, keys: BackendKeys, ready: Promise<Services>, service: Service, path: string, url: URL) {
  setCorsHeaders(res, req.headers.origin)
  if (req.method === 'OPTIONS') return sendEmpty(res, 204)
  const handlers = await ready.catch((error: unknown) => {
    console.error('[local backend] the database did not start:', error)
    return undefined
  })
  if (!handlers) return sendJson(res, 503, { code: 'LOCAL503', message: 'The local backend database did not start; see the terminal.' })
  const keylessRead = service === '/storage/v1' && isKeylessObjectRead(req.method, path)
  if (!keylessRead) {
    const apiKey = checkApiKey(req, url, keys)
    if (!apiKey.ok) return sendJson(res, apiKey.status, apiKey.body)
  }
  return handlers[service](req, res, url, path)
}

/**
 * Node `(req, res, next)` handler for the Supabase services: Connect middleware inside Vite
 * (anything else goes to `next`) or a plain `http.createServer` callback.
 */
export function createRouter(keys: BackendKeys, ready: Promise<Services>): Handler {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://local')
    // The raw path, not url.pathname: URL parsing would silently resolve `..` segments.
    const target = splitService((req.url ?? '/').split('?')[0] ?? '/')
    if (!target) {
      if (next) return next()
      return sendJson(res, 404, { message: 'Not found: the local backend serves /auth/v1, /rest/v1, /storage/v1, /realtime/v1, /functions/v1 and /backup/v1' })
    }
    dispatch(req, res, keys, ready, target.service, target.path, url).catch((error: unknown) => {
      if (res.headersSent) return res.destroy()
      if (error instanceof URIError) return sendJson(res, 400, { code: 'LOCAL400', message: `Malformed URL: ${error.message}` })
      console.error('[local backend] internal error:', error)
      sendJson(res, 500, { code: 'LOCAL500', message: 'Internal error in the local backend; see the terminal.' })
    })
  }
}

/** Whether an upgrade request is the backend's: the Realtime websocket. */
export function isBackendUpgrade(req: IncomingMessage): boolean {
  return (req.url ?? '/').split('?')[0] === realtimeSocketPath
}

/**
 * The HTTP server's 'upgrade' listener for Realtime's websocket: the API key is checked as for
 * HTTP requests, then the socket waits for the database like any request.
 */
export function createUpgradeRouter(keys: BackendKeys, ready: Promise<RealtimeService>): UpgradeHandler {
  return (req, socket, head) => {
    if (!isBackendUpgrade(req)) return false
    socket.on('error', () => socket.destroy())
    const url = new URL(req.url ?? '/', 'http://local')
    const apiKey = checkApiKey(req, url, keys)
    if (!apiKey.ok) {
      refuseUpgrade(socket, apiKey.status, apiKey.body)
      return true
    }
    ready.then(
      (realtime) => realtime.upgrade(req, socket, head, url),
      () => refuseUpgrade(socket, 503, { code: 'LOCAL503', message: 'The local backend database did not start; see the terminal.' }),
    )
    return true
  }
}
