import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '@backend/local/local-backend'
import { clientsOf, type BackendClients } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import { newLead } from '@backend/tests/support/leads'
import { createFollowUpsApi } from '@/features/leads/api/follow-ups-api'
import { createTodayApi } from './today-api'

const signal = () => new AbortController().signal

// The queue lists the newest 200 unassigned leads: a backend of this file's own, so other files' leads do not crowd them out.
let backend: RunningBackend
let clients: BackendClients
beforeAll(async () => {
  backend = await startOwnBackend({ rateLimits: false })
  clients = clientsOf(backend)
})
afterAll(async () => {
  await backend?.close()
})

describe('today api through supabase-js', () => {
  it('gives staff their overdue follow-up with its lead\'s name and phone, and the new unassigned lead; admins everyone\'s with the assignee', async () => {
    const [staff, admin] = await Promise.all([clients.createUserAndSignIn({ role: 'staff', displayName: 'Tara Staff' }), clients.createUserAndSignIn({ role: 'admin' })])
    const mine = newLead({ id: `today-${randomUUID()}`, name: 'Priya Today', phone: '9876501234', owner_id: staff.userId })
    const fresh = newLead({ id: `today-${randomUUID()}`, name: 'Rohan Today' })
    expect((await clients.serviceClient().from('leads').insert([mine, fresh])).error).toBeNull()
    await createFollowUpsApi(staff.client).addFollowUp(mine.id, 'Call back', { dueAt: new Date(Date.now() - 60_000).toISOString(), allowPast: true })
    const queue = await createTodayApi(staff.client).fetchTodayQueue(signal())
    expect(queue.find((item) => item.lead_id === mine.id)).toMatchObject({ kind: 'follow_up', lead_name: 'Priya Today', lead_phone: '9876501234', overdue: true, text: 'Call back' })
    expect(queue.find((item) => item.lead_id === fresh.id)).toMatchObject({ kind: 'new_lead', lead_name: 'Rohan Today' })
    const everyone = await createTodayApi(admin.client).fetchTodayQueue(signal())
    expect(everyone.find((item) => item.lead_id === mine.id)).toMatchObject({ assignee_id: staff.userId, assignee_name: 'Tara Staff' })
  })

  it('refuses a signed-in user outside the team and a visitor', async () => {
    const outsider = await clients.createUserAndSignIn()
    await expect(createTodayApi(outsider.client).fetchTodayQueue(signal())).rejects.toMatchObject({ code: '42501' })
    await expect(createTodayApi(clients.anonClient()).fetchTodayQueue(signal())).rejects.toHaveProperty('code')
  })
})
