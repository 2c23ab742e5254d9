import type { RunningBackend } from '../../local/local-backend.ts'
import { clientsOf, type BackendClients, type SignedInUser } from '../../local/testing/clients.ts'
import { startOwnBackend } from '../../local/testing/own-backend.ts'

/** A backend of the test file's own, so counts over the whole table are exact, with an admin and a non-admin. */
export interface DashboardBackend extends BackendClients {
  backend: RunningBackend
  admin: SignedInUser
  member: SignedInUser
}

export async function startDashboardBackend(): Promise<DashboardBackend> {
  const backend = await startOwnBackend({ rateLimits: false })
  const clients = clientsOf(backend)
  const admin = await clients.createUserAndSignIn({ admin: true })
  const member = await clients.createUserAndSignIn()
  return { ...clients, backend, admin, member }
}

/** Raw HTTP to the backend as `user`, for what supabase-js does not show, such as Content-Range. */
export async function fetchAs(dashboard: DashboardBackend, user: SignedInUser, path: string, init: RequestInit = {}): Promise<Response> {
  const { data } = await user.client.auth.getSession()
  const headers = new Headers(init.headers)
  headers.set('apikey', dashboard.backend.anonKey)
  headers.set('authorization', `Bearer ${data.session?.access_token ?? ''}`)
  return fetch(`${dashboard.backend.url}${path}`, { ...init, headers })
}
