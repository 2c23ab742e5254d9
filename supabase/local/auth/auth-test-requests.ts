import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import type { RunningBackend } from '../local-backend.ts'
import { clientFor } from '../testing/clients.ts'

/** The backend a request goes to. */
export type AuthTarget = Pick<RunningBackend, 'url' | 'anonKey' | 'serviceRoleKey'>

export function sharedBackend(): AuthTarget {
  return { url: inject('url'), anonKey: inject('anonKey'), serviceRoleKey: inject('serviceRoleKey') }
}

interface RequestOptions {
  target?: AuthTarget
  /** What a reverse proxy on this machine would say about the client. */
  forwardedFor?: string
  apikey?: 'anon' | 'service'
}

/** Raw JSON (or a raw string body) to `/auth/v1<path>`, for what supabase-js would never send. */
export function authPost(path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
  const target = options.target ?? sharedBackend()
  const key = options.apikey === 'service' ? target.serviceRoleKey : target.anonKey
  const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor
  return fetch(`${target.url}/auth/v1${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

export function tokenRequest(grant: 'password' | 'refresh_token', body: unknown, options: RequestOptions = {}): Promise<Response> {
  return authPost(`/token?grant_type=${grant}`, body, options)
}

/** A confirmed user on `target`, made through its admin API. */
export async function createConfirmedUser(target: AuthTarget): Promise<{ email: string; password: string }> {
  const email = `user-${randomUUID()}@example.com`
  const password = `pw-${randomUUID()}`
  const created = await clientFor(target.url, target.serviceRoleKey).auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw new Error(`createUser failed: ${created.error.message}`)
  return { email, password }
}

/** Seconds from a `Retry-After` header; NaN when it is missing or not whole seconds. */
export function retryAfterSeconds(response: Response): number {
  const header = response.headers.get('retry-after') ?? ''
  return /^\d+$/.test(header) ? Number(header) : Number.NaN
}
