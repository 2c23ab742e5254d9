import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/** `loopback`: a reverse proxy on this machine may say who the client is; `none`: only the socket counts. */
export type ProxyTrust = 'loopback' | 'none'

function normalise(address: string): string {
  const trimmed = address.trim()
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)
}

/** Whether the socket's peer is this machine (whatever a forwarding header claims). */
export function fromThisMachine(req: IncomingMessage): boolean {
  return isLoopback(normalise(req.socket.remoteAddress ?? ''))
}

/**
 * The address per-client limits count against. From a trusted proxy, the right-most
 * `X-Forwarded-For` entry the proxy did not add itself (a client can prepend anything, but not
 * what its proxy appends); malformed entries are ignored. Otherwise the socket's peer.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  const peer = normalise(req.socket.remoteAddress ?? '')
  if (trust === 'none' || !isLoopback(peer)) return peer || 'unknown'
  const header = req.headers['x-forwarded-for']
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map(normalise)
    .filter((entry) => isIP(entry) !== 0)
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = chain[i] as string
    if (!isLoopback(entry) || i === 0) return entry
  }
  return peer || 'unknown'
}
