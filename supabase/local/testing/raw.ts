import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'

/** Raw HTTP against the shared test backend, for what supabase-js would never send. */
export function rawFetch(path: string, init: RequestInit & { apikey?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const apikey = init.apikey === undefined ? inject('anonKey') : init.apikey
  if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey)
  return fetch(`${inject('url')}${path}`, { ...init, headers })
}

/** A lead that passes every CHECK of the leads table. */
export function validLead<T extends Record<string, unknown>>(overrides: T = {} as T) {
  return { id: `t-${randomUUID()}`, name: 'Asha Rao', phone: '9876543210', status: 'pending', ...overrides }
}
