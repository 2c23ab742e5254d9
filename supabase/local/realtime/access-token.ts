import { decodeJwt } from 'jose'
import { isApiRole } from '../db/as-caller.ts'
import type { Caller } from '../http/caller.ts'
import { verifyJwt } from '../jwt.ts'

/**
 * Why hosted Realtime refuses a token: `code` and `message` make its join error ("Code: message");
 * a channel whose token is refused later closes with `closingMessage`, hosted's wording there.
 */
export interface TokenRefusal {
  code: string
  message: string
  closingMessage: string
}

export type TokenCheck = { ok: true; caller: Caller; expiresAt: number } | { ok: false; refusal: TokenRefusal }

const malformed: TokenRefusal = {
  code: 'MalformedJWT',
  message: 'The token provided is not a valid JWT',
  closingMessage: 'The token provided is not a valid JWT',
}
const badSignature: TokenRefusal = { code: 'JwtSignatureError', message: 'Failed to validate JWT signature', closingMessage: ':signature_error' }
const missingClaims = 'Fields `role` and `exp` are required in JWT'
const unknownRole = 'JWT role must be one of anon, authenticated, service_role'

function expired(exp: number): TokenRefusal {
  const message = `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`
  return { code: 'InvalidJWTToken', message, closingMessage: message }
}

/** A subscriber's token as hosted Realtime checks it at join, on `access_token` and when it expires. */
export async function checkAccessToken(token: string, jwtSecret: string): Promise<TokenCheck> {
  let exp: unknown
  try {
    exp = decodeJwt(token).exp
  } catch {
    return { ok: false, refusal: malformed }
  }
  const verified = await verifyJwt(token, jwtSecret)
  if (!verified.ok) return { ok: false, refusal: verified.reason === 'expired' ? expired(Number(exp)) : badSignature }
  const { claims } = verified
  if (typeof claims.exp !== 'number' || typeof claims.role !== 'string') {
    return { ok: false, refusal: { code: 'InvalidJWTToken', message: missingClaims, closingMessage: missingClaims } }
  }
  if (!isApiRole(claims.role)) return { ok: false, refusal: { code: 'Unauthorized', message: unknownRole, closingMessage: unknownRole } }
  return { ok: true, caller: { role: claims.role, claims, token }, expiresAt: claims.exp }
}
