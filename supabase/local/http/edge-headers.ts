import type { IncomingMessage } from 'node:http'
import { clientAddress, type ProxyTrust } from './client-address.ts'

/**
 * The request's headers as hosted Supabase's services see them behind its edge (Cloudflare): as the
 * client sent them (Node lowercases the names; repeated ones joined with ", "), plus the
 * `cf-connecting-ip` the edge sets itself, overwriting any a client sent, to the address the backend
 * trusts. SQL that keys on a client's address reads that header, which a client cannot forge.
 */
export function edgeHeaders(req: IncomingMessage, trust: ProxyTrust): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  headers['cf-connecting-ip'] = clientAddress(req, trust)
  return headers
}
