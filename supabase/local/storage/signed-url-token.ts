import { signJwt, verifyJwt } from '../jwt.ts'
import type { ObjectAddress } from './object-path.ts'
import { StorageError } from './storage-error.ts'

/** The only scope of the tokens handed out here: reading one object (hosted also signs uploads). */
const downloadScope = 'download'

/** The largest `exp` a JWT may hold as hosted Storage counts it (milliseconds must stay a safe integer). */
const maxExpiry = Math.floor(Number.MAX_SAFE_INTEGER / 1000)

/** Seconds a signed URL may live from now: a whole number from 1 while its expiry stays representable. */
export function isValidExpiresIn(value: unknown, nowSeconds: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= maxExpiry - nowSeconds
}

/**
 * The token of a signed URL, as hosted Storage makes it: a JWT signed with the project's JWT secret
 * naming the object (`url`: `<bucket>/<name>`) and the scope, valid for `expiresIn` seconds. It has
 * no role, so it is never accepted as an access token.
 */
export function signObjectToken(secret: string, target: ObjectAddress, expiresIn: number, nowSeconds: number): Promise<string> {
  return signJwt({ url: `${target.bucket}/${target.name}`, scope: downloadScope, iat: nowSeconds, exp: nowSeconds + expiresIn }, secret)
}

/** Refuses a token that is not this backend's, has expired, is scoped otherwise or names another object (HTTP 400, as hosted). */
export async function verifyObjectToken(secret: string, token: string, target: ObjectAddress): Promise<void> {
  const check = await verifyJwt(token, secret)
  if (!check.ok) {
    const message = check.reason === 'expired' ? '"exp" claim timestamp check failed' : 'signature verification failed'
    throw new StorageError('400', 'InvalidJWT', message)
  }
  const { scope, url } = check.claims as { scope?: unknown; url?: unknown; upsert?: unknown }
  const download = scope === downloadScope || (scope === undefined && !('upsert' in check.claims))
  if (!download) throw new StorageError('400', 'InvalidSignature', `Token is not scoped for ${downloadScope}`)
  if (url !== `${target.bucket}/${target.name}`) throw new StorageError('400', 'InvalidSignature', 'Invalid signature')
}
