import type { RunningBackend } from '../../local/local-backend.ts'
import { clientsOf, type BackendClients, type SignedInUser, type TestClient } from '../../local/testing/clients.ts'
import { startOwnBackend } from '../../local/testing/own-backend.ts'
import { newLead } from './leads.ts'

/** A backend of the test file's own with the team's roles: an admin, two staff and a signed-in non-member. */
export interface TeamBackend extends BackendClients {
  backend: RunningBackend
  admin: SignedInUser
  staff: SignedInUser
  otherStaff: SignedInUser
  nonMember: SignedInUser
}

export async function startTeamBackend(): Promise<TeamBackend> {
  const backend = await startOwnBackend({ rateLimits: false })
  const clients = clientsOf(backend)
  const admin = await clients.createUserAndSignIn({ role: 'admin', displayName: 'Asha Admin' })
  const staff = await clients.createUserAndSignIn({ role: 'staff', displayName: 'Sita Staff' })
  const otherStaff = await clients.createUserAndSignIn({ role: 'staff', displayName: 'Omkar Staff' })
  const nonMember = await clients.createUserAndSignIn()
  return { ...clients, backend, admin, staff, otherStaff, nonMember }
}

/** Inserts a lead as the service role (owner_id as given) and answers its id. */
export async function arrangeLead(service: TestClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const lead = newLead(overrides)
  const { error } = await service.from('leads').insert(lead)
  if (error) throw new Error(`arranging a lead failed: ${error.message}`)
  return lead.id
}

/** The ids in a PostgREST answer's rows. */
export const idsOf = (data: unknown): string[] => ((data as { id: string }[] | null) ?? []).map((row) => row.id)
