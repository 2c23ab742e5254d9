import type { IncomingMessage } from 'node:http'
import { jsonNestingExceeds, maxJsonDepth } from './json-depth.ts'

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' }

/**
 * Reads the whole body up to `limit` bytes. Past the limit the rest is drained (not kept) so the
 * client still receives the answer; a body many times over the limit is cut off.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'])
  const hardCap = limit * 4 + 1024 * 1024
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = Number.isFinite(declared) && declared > limit
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) tooLarge = true
      if (!tooLarge) chunks.push(chunk)
      else if (size > hardCap) {
        resolve({ ok: false, reason: 'too_large' })
        req.destroy()
      }
    })
    req.on('end', () => resolve(tooLarge ? { ok: false, reason: 'too_large' } : { ok: true, bytes: Buffer.concat(chunks) }))
    req.on('error', reject)
  })
}

export type JsonRead = { ok: true; value: unknown; empty: boolean } | { ok: false; reason: 'too_large' | 'malformed'; detail?: string }

export async function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonRead> {
  const body = await readBody(req, limit)
  if (!body.ok) return body
  const text = body.bytes.toString('utf8')
  if (text.trim() === '') return { ok: true, value: undefined, empty: true }
  if (jsonNestingExceeds(text)) return { ok: false, reason: 'malformed', detail: `JSON nested deeper than ${maxJsonDepth} levels` }
  try {
    return { ok: true, value: JSON.parse(text), empty: false }
  } catch (error) {
    return { ok: false, reason: 'malformed', detail: error instanceof Error ? error.message : String(error) }
  }
}
