import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'

/** Node 20 has no WebSocket of its own: Realtime goes through `ws`. */
const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NodeWebSocket as unknown as typeof WebSocket },
}

/**
 * A client of any backend (e.g. one a test started itself), sending `headers` with every request;
 * `fetch` replaces the network, say to make one service unreachable.
 */
export function clientFor(url: string, key: string, headers: Record<string, string> = {}, fetch?: typeof globalThis.fetch) {
  return createClient(url, key, { ...noSession, global: { headers, ...(fetch ? { fetch } : {}) } })
}

export type TestClient = ReturnType<typeof clientFor>

export interface SignedInUser {
  client: TestClient
  userId: string
  email: string
  password: string
}

export interface NewUserOptions {
  admin?: boolean
  role?: 'admin' | 'staff'
  email?: string
  password?: string
  displayName?: string
}

/** Where a backend answers and its keys: the shared test backend, or one a test started itself. */
export interface BackendAddress {
  url: string
  anonKey: string
  serviceRoleKey: string
}

export interface BackendClients {
  anonClient(): TestClient
  /** Bypasses row-level security: for arranging and checking data, never for the behaviour under test. */
  serviceClient(): TestClient
  /** A fresh confirmed user (an admin with `admin: true`, or of the team's `role`), signed in on its own anon-key client. */
  createUserAndSignIn(options?: NewUserOptions): Promise<SignedInUser>
}

export function clientsOf(backend: BackendAddress): BackendClients {
  const anon = () => clientFor(backend.url, backend.anonKey)
  const service = () => clientFor(backend.url, backend.serviceRoleKey)
  return {
    anonClient: anon,
    serviceClient: service,
    async createUserAndSignIn(options = {}) {
      const email = options.email ?? `user-${randomUUID()}@example.com`
      const password = options.password ?? `pw-${randomUUID()}`
      const created = await service().auth.admin.createUser({ email, password, email_confirm: true })
      if (created.error) throw new Error(`createUser failed: ${created.error.message}`)
      const userId = created.data.user.id
      const role = options.role ?? (options.admin ? 'admin' : undefined)
      if (role) {
        const granted = await service().from('user_roles').insert({ user_id: userId, role, display_name: options.displayName })
        if (granted.error) throw new Error(`granting ${role} failed: ${granted.error.message}`)
      }
      const client = anon()
      const signedIn = await client.auth.signInWithPassword({ email, password })
      if (signedIn.error) throw new Error(`sign-in failed: ${signedIn.error.message}`)
      return { client, userId, email, password }
    },
  }
}

function sharedBackend(): BackendClients {
  return clientsOf({ url: inject('url'), anonKey: inject('anonKey'), serviceRoleKey: inject('serviceRoleKey') })
}

export function anonClient(): TestClient {
  return sharedBackend().anonClient()
}

export function serviceClient(): TestClient {
  return sharedBackend().serviceClient()
}

export function createUserAndSignIn(options: NewUserOptions = {}): Promise<SignedInUser> {
  return sharedBackend().createUserAndSignIn(options)
}
