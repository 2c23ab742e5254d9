import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientsOf, type SignedInUser } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import type { RunningBackend } from '@backend/local/local-backend'
import { createSettingsApi } from './settings-api'

// The setting is the whole team's: a backend of this file's own, so other tests' leads are not assigned.
let backend: RunningBackend
let admin: SignedInUser
let staff: SignedInUser

beforeAll(async () => {
  backend = await startOwnBackend({ rateLimits: false })
  const clients = clientsOf(backend)
  ;[admin, staff] = await Promise.all([clients.createUserAndSignIn({ role: 'admin' }), clients.createUserAndSignIn({ role: 'staff' })])
})

afterAll(async () => {
  await backend?.close()
})

describe('settings api through supabase-js', () => {
  it('lets an admin turn round-robin on and off, which members read; staff may not change it', async () => {
    const settings = createSettingsApi(admin.client)
    expect(await settings.fetchRoundRobin()).toBe(false)
    expect(await settings.setRoundRobin(true)).toBe(true)
    expect(await createSettingsApi(staff.client).fetchRoundRobin()).toBe(true)
    await expect(createSettingsApi(staff.client).setRoundRobin(false)).rejects.toMatchObject({ code: '42501' })
    expect(await settings.setRoundRobin(false)).toBe(false)
  })
})
