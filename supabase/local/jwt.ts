import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose'

export type JwtClaims = JWTPayload & { role?: string; email?: string; session_id?: string }

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
}

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyJwt(token: string, secret: string): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })
    return { ok: true, claims: payload as JwtClaims }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
