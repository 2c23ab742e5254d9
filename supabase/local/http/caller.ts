import type { IncomingMessage } from 'node:http'
import { isApiRole, type ApiRole } from '../db/as-caller.ts'
import { verifyJwt, type JwtClaims } from '../jwt.ts'
import type { BackendKeys } from '../keys.ts'

export interface Caller {
  role: ApiRole
  claims: JwtClaims
  token: string
}

export type ApiKeyCheck = { ok: true } | { ok: false; status: 401; body: { message: string; hint: string } }

/** The `apikey` header, else the `apikey` URL parameter (websockets cannot send headers). */
export function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined
}

/** Hosted Supabase's gateway refuses any request without one of the project's API keys. */
export function checkApiKey(req: IncomingMessage, url: URL, keys: BackendKeys): ApiKeyCheck {
  const apikey = apiKeyOf(req, url)
  if (!apikey) {
    return {
      ok: false,
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    }
  }
  if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
    return {
      ok: false,
      status: 401,
      body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    }
  }
  return { ok: true }
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? ''
}

export type CallerCheck = { ok: true; caller: Caller } | { ok: false; reason: 'expired' | 'invalid' | 'role' | 'missing' }

/** The caller is whoever the bearer token says; without one, the API key's role (anon). */
export async function identifyCaller(req: IncomingMessage, url: URL, keys: BackendKeys): Promise<CallerCheck> {
  const token = bearerToken(req) ?? apiKeyOf(req, url) ?? ''
  if (token === '') return { ok: false, reason: 'missing' }
  const check = await verifyJwt(token, keys.jwtSecret)
  if (!check.ok) return check
  const role = check.claims.role
  if (!isApiRole(role)) return { ok: false, reason: 'role' }
  return { ok: true, caller: { role, claims: check.claims, token } }
}
