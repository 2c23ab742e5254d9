import { randomUUID } from 'node:crypto'
import { expect, inject } from 'vitest'
import { serviceClient } from './clients.ts'
import { aNotice } from '../../../src/testing/lead-fixtures.ts'

/** Raw HTTP against the shared test backend, for what supabase-js would never send. */
export function rawFetch(path: string, init: RequestInit & { apikey?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const apikey = init.apikey === undefined ? inject('anonKey') : init.apikey
  if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey)
  return fetch(`${inject('url')}${path}`, { ...init, headers })
}

/** A lead that passes every CHECK of the leads table, with the notice a visitor saw. */
export function validLead<T extends Record<string, unknown>>(overrides: T = {} as T) {
  return { id: `t-${randomUUID()}`, name: 'Asha Rao', phone: '9876543210', status: 'pending', ...aNotice, ...overrides }
}

/** Raw HTTP as the service role (bypasses row-level security). */
export function serviceFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('authorization', `Bearer ${inject('serviceRoleKey')}`)
  return rawFetch(path, { ...init, headers, apikey: inject('serviceRoleKey') })
}

/** How many leads exist, counted by the service role. */
export async function leadCount(): Promise<number> {
  const { count, error } = await serviceClient().from('leads').select('*', { count: 'exact', head: true })
  expect(error).toBeNull()
  return count ?? -1
}
