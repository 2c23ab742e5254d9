import type { IncomingMessage } from 'node:http'
import { clientAddress, type ProxyTrust } from './client-address.ts'

/**
 * `request.headers` as hosted Supabase's PostgREST and Storage see them, one JSON object: every
 * header as the client sent it (names lower-cased; Cookie left out, as PostgREST leaves it out),
 * plus what hosted's edge (Cloudflare) adds. The edge sets `cf-connecting-ip` to the address it
 * trusts, replacing any the client sent, and appends that address to the client's X-Forwarded-For.
 * Here the trusted address is the one `clientAddress` reads (the socket peer, or a loopback
 * proxy's X-Forwarded-For).
 */
export function edgeRequestHeaders(req: IncomingMessage, trust: ProxyTrust): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  const address = clientAddress(req, trust)
  const forwardedFor = headers['x-forwarded-for']
  headers['x-forwarded-for'] = forwardedFor === undefined || forwardedFor.trim() === '' ? address : `${forwardedFor}, ${address}`
  headers['cf-connecting-ip'] = address
  return headers
}
