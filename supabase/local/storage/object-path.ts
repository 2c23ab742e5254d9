export interface ObjectAddress {
  bucket: string
  name: string
}

const bucketPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/

/** A bucket name from the URL (`/object/list/<bucket>`), or undefined when it is none. */
export function parseBucketName(raw: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  return bucketPattern.test(decoded) ? decoded : undefined
}

export type AddressCheck = { ok: true; address: ObjectAddress } | { ok: false; message: string }

/**
 * `<bucket>/<name...>` from the URL. Refuses what could escape or confuse a path: `..`, `.`, empty
 * segments, absolute names, backslashes, NUL and other control characters.
 */
export function parseObjectAddress(rawPath: string): AddressCheck {
  let decoded: string[]
  try {
    decoded = rawPath.split('/').map(decodeURIComponent)
  } catch {
    return { ok: false, message: `Invalid key: ${rawPath}` }
  }
  const [bucket, ...segments] = decoded
  const name = segments.join('/')
  if (!bucket || !bucketPattern.test(bucket)) return { ok: false, message: `Invalid bucket name: ${bucket ?? ''}` }
  const invalid =
    name.length === 0 ||
    name.length > 1024 ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    segments.some((segment) => segment.includes('/')) ||
    [...name].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f' || char === '\\')
  if (invalid) return { ok: false, message: `Invalid key: ${name}` }
  return { ok: true, address: { bucket, name } }
}

const mimePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/

export function normaliseMimeType(raw: string | undefined): string | undefined {
  const type = (raw ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return mimePattern.test(type) ? type : undefined
}

/** Bucket `allowed_mime_types` entries may be exact (`image/png`) or wildcards (`image/*`). */
export function mimeTypeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  return allowed.some((pattern) => {
    const rule = pattern.trim().toLowerCase()
    if (rule === '*/*' || rule === '*') return true
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1))
    return type === rule
  })
}
