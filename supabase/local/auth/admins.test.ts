import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../local-backend.ts'
import { clientsOf } from '../testing/clients.ts'
import { startOwnBackend } from '../testing/own-backend.ts'
import { upsertAdmin } from './admins.ts'

let backend: RunningBackend

beforeAll(async () => {
  backend = await startOwnBackend({ rateLimits: false })
})

afterAll(async () => {
  await backend?.close()
})

async function memberRow(userId: string) {
  const { data } = await clientsOf(backend).serviceClient().from('user_roles').select('role, display_name, email').eq('user_id', userId).single()
  return data
}

describe('admin:create and the team', () => {
  it('a new admin is named after the email before the @', async () => {
    const { userId, created } = await upsertAdmin(backend.context.db, 'Owner.Name@Example.com', 'a-long-enough-password')
    expect(created).toBe(true)
    expect(await memberRow(userId)).toEqual({ role: 'admin', display_name: 'owner.name', email: 'owner.name@example.com' })
  })

  it('a staff member becomes an admin and keeps their name', async () => {
    const staff = await clientsOf(backend).createUserAndSignIn({ role: 'staff', displayName: 'Kiran' })
    const { userId, created } = await upsertAdmin(backend.context.db, staff.email, 'another-long-password')
    expect([userId, created]).toEqual([staff.userId, false])
    expect(await memberRow(userId)).toEqual({ role: 'admin', display_name: 'Kiran', email: staff.email })
  })
})
