import { normaliseMimeType } from './object-path.ts'

/**
 * Values a client declares at upload that end up in response headers of public reads. Anything
 * but printable ASCII would make Node refuse the header (a 500 on every read) or split it.
 */
const headerSafe = /^[\x20-\x7e]*$/
const maxCacheControlLength = 200

export const defaultCacheControl = 'max-age=3600'
export const defaultContentType = 'application/octet-stream'

export function isHeaderSafe(value: string): boolean {
  return headerSafe.test(value)
}

/**
 * `cacheControl` as storage-js sends it: seconds ("3600", multipart) or a whole header value
 * ("max-age=3600", raw uploads). Absent → the default; undefined when it is not a safe header value.
 */
export function normaliseCacheControl(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return defaultCacheControl
  if (value.length > maxCacheControlLength || !isHeaderSafe(value)) return undefined
  return /^\d+$/.test(value) ? `max-age=${value}` : value
}

/** `x-upsert` as storage-js sends it on POST: "true" or "false". Undefined when it is anything else. */
export function parseUpsert(header: string | string[] | undefined): boolean | undefined {
  if (header === undefined || header === 'false') return false
  return header === 'true' ? true : undefined
}

/**
 * The headers a public read answers with, from storage.objects.metadata. The row may have been
 * written by anyone with table access, so a value that is missing or unsafe falls back to a default.
 */
export function servedHeaders(metadata: unknown): { contentType: string; cacheControl: string } {
  const fields = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {}
  const mimetype = typeof fields.mimetype === 'string' ? normaliseMimeType(fields.mimetype) : undefined
  const cacheControl = typeof fields.cacheControl === 'string' ? normaliseCacheControl(fields.cacheControl) : undefined
  return { contentType: mimetype ?? defaultContentType, cacheControl: cacheControl ?? defaultCacheControl }
}
