import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackendOptions, type RunningBackend } from '../local/local-backend.ts'
import { clientsOf } from '../local/testing/clients.ts'
import { copyMigrations, migrationsBefore } from '../local/testing/migrations-with.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../local/testing/throwaway-database.ts'
import { newLead } from './support/leads.ts'

const statsMigration = '20261122001200_dashboard_stats.sql'
let migrationsDir = ''
let dataDir = ''
let server: ThrowawayDatabase | undefined

/** The same database each time: a data folder, or a throwaway database on the DATABASE_URL server. */
async function withBackend<T>(run: (backend: RunningBackend) => Promise<T>): Promise<T> {
  const location: LocalBackendOptions = server ? { databaseUrl: server.url } : { dataDir }
  const backend = await startLocalBackend({ ...location, migrationsDir, rateLimits: false })
  try {
    return await run(backend)
  } finally {
    await backend.close()
  }
}

beforeAll(async () => {
  migrationsDir = await migrationsBefore(statsMigration)
  dataDir = await mkdtemp(path.join(tmpdir(), 'stats-backfill-'))
  if (process.env.DATABASE_URL) server = await createThrowawayDatabase(process.env.DATABASE_URL)
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  await rm(migrationsDir, { recursive: true, force: true })
  await server?.drop()
})

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
    await copyMigrations(migrationsDir)
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
