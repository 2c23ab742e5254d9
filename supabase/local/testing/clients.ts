import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { inject } from 'vitest'

/** The local backend has no Realtime; Node 20 has no WebSocket either, so supabase-js needs a stand-in. */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not offered by the local backend')
  }
}

const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
}

/** A client of any backend (e.g. one a test started itself), sending `headers` with every request. */
export function clientFor(url: string, key: string, headers: Record<string, string> = {}) {
  return createClient(url, key, { ...noSession, global: { headers } })
}

function clientWithKey(key: string) {
  return clientFor(inject('url'), key)
}

export type TestClient = ReturnType<typeof clientFor>

export function anonClient(): TestClient {
  return clientWithKey(inject('anonKey'))
}

/** Bypasses row-level security: for arranging and checking data, never for the behaviour under test. */
export function serviceClient(): TestClient {
  return clientWithKey(inject('serviceRoleKey'))
}

export interface SignedInUser {
  client: TestClient
  userId: string
  email: string
  password: string
}

/** A fresh confirmed user (an admin with `admin: true`), signed in on its own anon-key client. */
export async function createUserAndSignIn(options: { admin?: boolean; email?: string; password?: string } = {}): Promise<SignedInUser> {
  const email = options.email ?? `user-${randomUUID()}@example.com`
  const password = options.password ?? `pw-${randomUUID()}`
  const service = serviceClient()
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw new Error(`createUser failed: ${created.error.message}`)
  const userId = created.data.user.id
  if (options.admin) {
    const role = await service.from('user_roles').insert({ user_id: userId, role: 'admin' })
    if (role.error) throw new Error(`granting admin failed: ${role.error.message}`)
  }
  const client = anonClient()
  const signedIn = await client.auth.signInWithPassword({ email, password })
  if (signedIn.error) throw new Error(`sign-in failed: ${signedIn.error.message}`)
  return { client, userId, email, password }
}
