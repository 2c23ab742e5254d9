import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBefore } from '../local/testing/database-before.ts'
import { clientsOf, type SignedInUser } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

const firstTeamMigration = '20261127000100_team_roles.sql'
const database = databaseBefore(firstTeamMigration, 'team-backfill-')
const withBackend = database.withBackend

beforeAll(() => database.setUp())
afterAll(() => database.tearDown())

describe('the team\'s migrations on a database that already holds an admin, leads and a booking', () => {
  it('names the admin, leaves the leads unassigned with a created event, marks returning ones, keeps updated_at', async () => {
    const first = newLead({ phone: '9555500001', created_at: '2025-01-01T10:00:00Z' })
    const again = newLead({ phone: '9555500001', created_at: '2025-06-01T10:00:00Z', language: 'hi' })
    let admin: SignedInUser | undefined
    const before = await withBackend(async (backend) => {
      const clients = clientsOf(backend)
      admin = await clients.createUserAndSignIn({ admin: true, email: `old.admin.${crypto.randomUUID().slice(0, 6)}@shop.test` })
      const service = clients.serviceClient()
      await service.from('leads').insert([first, again]).throwOnError()
      await service.from('appointments').insert({ lead_id: first.id, slot_datetime: '2025-01-06T10:00:00+05:30', status: 'completed' }).throwOnError()
      return (await service.from('leads').select('id, updated_at').in('id', [first.id, again.id]).order('created_at')).data
    })
    await database.applyTheRest()
    await withBackend(async (backend) => {
      const clients = clientsOf(backend)
      const service = clients.serviceClient()
      const role = await service.from('user_roles').select('role, display_name, email').eq('user_id', admin!.userId).single()
      expect(role.data).toEqual({ role: 'admin', display_name: admin!.email.split('@')[0], email: admin!.email })
      const leads = await service.from('leads').select('id, owner_id, returning, updated_at').in('id', [first.id, again.id]).order('created_at')
      expect(leads.data).toEqual([
        { id: first.id, owner_id: null, returning: false, updated_at: before![0]!.updated_at },
        { id: again.id, owner_id: null, returning: true, updated_at: before![1]!.updated_at },
      ])
      const events = await service.from('lead_events').select('lead_id, actor_name, kind, data').in('lead_id', [first.id, again.id]).order('id')
      expect(events.data).toEqual([
        { lead_id: first.id, actor_name: 'Visitor', kind: 'created', data: { source: 'chat', language: 'en' } },
        { lead_id: again.id, actor_name: 'Visitor', kind: 'created', data: { source: 'chat', language: 'hi' } },
        { lead_id: first.id, actor_name: 'Visitor', kind: 'appointment_booked', data: expect.objectContaining({ by: 'visitor' }) },
      ])
    })
  })
})
