import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { ByteLimit } from './byte-limit.ts'
import { clientGone } from './storage-error.ts'

/**
 * After an early answer the rest of the body is read and dropped, so the client gets to read the
 * answer before the connection closes: a client still sending when the connection is cut sees a
 * network failure instead of the 413. Bodies a few times the upload limit are drained whole; one
 * that goes on past this is cut off.
 */
const maxDiscardedBytes = 64 * 1024 * 1024

/**
 * The request body as a stream that fails with 413 once it passes `limit` bytes, and with
 * `clientGone` when the client disconnects first. Failing (or destroying) it stops reading the
 * request without closing the connection, so the error can still be answered.
 */
export function requestBody(req: IncomingMessage, limit: number): Readable {
  const body = new ByteLimit(limit)
  const abandon = () => {
    if (!req.complete) body.destroy(clientGone())
  }
  if (req.destroyed) abandon()
  req.once('close', abandon)
  body.once('close', () => {
    req.off('close', abandon)
    req.unpipe(body)
  })
  req.pipe(body)
  return body
}

/** Drops what is left of the body of an answered request (see maxDiscardedBytes). */
export function discardRest(req: IncomingMessage): void {
  let dropped = 0
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > maxDiscardedBytes) req.destroy()
  })
  req.resume()
}
