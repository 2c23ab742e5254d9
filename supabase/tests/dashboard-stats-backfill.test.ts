import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBefore } from '../local/testing/database-before.ts'
import { clientsOf } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'

const statsMigration = '20261122001200_dashboard_stats.sql'
const database = databaseBefore(statsMigration, 'stats-backfill-')
const withBackend = database.withBackend

beforeAll(() => database.setUp())
afterAll(() => database.tearDown())

/** A lead as the chat sent it then: leads had no language before 20261122002100_lead_language.sql. */
function leadOfThen(overrides: Record<string, unknown>) {
  const lead = newLead(overrides)
  Reflect.deleteProperty(lead, 'language')
  return lead
}

describe('dashboard_stats on a database that already holds leads and appointments', () => {
  it('counts what was there before its migration ran', async () => {
    const now = new Date().toISOString()
    const leads = [
      leadOfThen({ status: 'pending' }),
      leadOfThen({ status: 'closed' }),
      { ...leadOfThen({ status: 'contacted' }), created_at: '2024-03-01T10:00:00Z' },
    ]
    await withBackend(async (backend) => {
      const service = clientsOf(backend).serviceClient()
      expect((await service.from('leads').insert(leads.map((lead) => ({ created_at: now, ...lead })))).error).toBeNull()
      const slot = { lead_id: leads[2]!.id, slot_datetime: '2024-03-04T10:00:00+05:30', status: 'completed' }
      expect((await service.from('appointments').insert(slot)).error).toBeNull()
    })
    await database.applyTheRest()
    const figures = await withBackend(async (backend) => {
      const admin = await clientsOf(backend).createUserAndSignIn({ admin: true })
      return admin.client.rpc('dashboard_stats')
    })
    expect(figures.error).toBeNull()
    expect(figures.data).toEqual({
      total_leads: 3,
      pending_leads: 1,
      contacted_leads: 1,
      closed_leads: 1,
      today_leads: 2,
      conversion_rate: 33.3,
      total_appointments: 1,
      today_appointments: 0,
      week_appointments: 0,
      overdue_follow_ups: 0,
    })
  })
})
