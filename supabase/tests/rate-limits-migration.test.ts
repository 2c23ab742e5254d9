import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackendOptions, type RunningBackend } from '../local/local-backend.ts'
import { clientFor } from '../local/testing/clients.ts'
import { migrationsBefore, migrationsWith } from '../local/testing/migrations-with.ts'
import { startOwnBackend } from '../local/testing/own-backend.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../local/testing/throwaway-database.ts'
import { asSuperuser } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'

const byActionMigration = '20261125000200_rate_limits_by_action.sql'
const folders: string[] = []
let dataDir = ''
let server: ThrowawayDatabase | undefined

/** A migrations folder, removed after the tests. */
async function folder(making: Promise<string>): Promise<string> {
  const made = await making
  folders.push(made)
  return made
}

/** The same database each time: a data folder, or a throwaway database on the DATABASE_URL server. */
async function withBackend<T>(migrationsDir: string | undefined, run: (backend: RunningBackend) => Promise<T>): Promise<T> {
  const location: LocalBackendOptions = server ? { databaseUrl: server.url } : { dataDir }
  const backend = await startLocalBackend({ ...location, ...(migrationsDir ? { migrationsDir } : {}), port: 0 })
  try {
    return await run(backend)
  } finally {
    await backend.close()
  }
}

async function elevenLeads(backend: RunningBackend, address: string): Promise<number[]> {
  const visitor = clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': address })
  const statuses: number[] = []
  for (let i = 0; i < 11; i++) statuses.push((await visitor.from('leads').insert([newLead()])).status)
  return statuses
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rate-limits-'))
  if (process.env.DATABASE_URL) server = await createThrowawayDatabase(process.env.DATABASE_URL)
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  for (const made of folders) await rm(made, { recursive: true, force: true })
  await server?.drop()
})

describe('limits by action on a project that had limits by path', () => {
  it("keeps the operator's numbers and rows, and the counts already taken", async () => {
    const before = await folder(migrationsBefore(byActionMigration))
    await withBackend(before, async (backend) => {
      await asSuperuser(backend.context.db, "update private.rate_limits set max_requests = 25, per = interval '1 hour' where path = '/leads'")
      await asSuperuser(backend.context.db, "insert into private.rate_limits (path, max_requests, per) values ('/rpc/custom_thing', 5, interval '1 minute')")
      await asSuperuser(backend.context.db, "insert into private.rate_limit_hits (address, path) values ('203.0.113.90', '/leads')")
    })
    await withBackend(undefined, async (backend) => {
      const rules = await asSuperuser(backend.context.db, 'select action, max_requests, per::text from private.rate_limits order by action')
      expect(rules).toEqual([
        { action: 'appointments', max_requests: 10, per: '00:10:00' },
        { action: 'chat_completed', max_requests: 60, per: '00:10:00' },
        { action: 'chat_contact_submitted', max_requests: 60, per: '00:10:00' },
        { action: 'chat_first_chosen', max_requests: 60, per: '00:10:00' },
        { action: 'chat_marketing_chosen', max_requests: 60, per: '00:10:00' },
        { action: 'chat_notice_shown', max_requests: 60, per: '00:10:00' },
        { action: 'chat_session_start', max_requests: 60, per: '00:10:00' },
        { action: 'chat_step_answered', max_requests: 600, per: '00:10:00' },
        { action: 'chat_step_shown', max_requests: 600, per: '00:10:00' },
        { action: 'custom_thing', max_requests: 5, per: '00:01:00' },
        { action: 'leads', max_requests: 25, per: '01:00:00' },
        { action: 'manage_booking', max_requests: 30, per: '00:10:00' },
        { action: 'my_data_open', max_requests: 20, per: '01:00:00' },
        { action: 'my_data_request_code', max_requests: 5, per: '01:00:00' },
        { action: 'quote_link', max_requests: 30, per: '00:10:00' },
      ])
      expect(await asSuperuser(backend.context.db, "select action from private.rate_limit_hits where address = '203.0.113.90'")).toEqual([
        { action: 'leads' },
      ])
      expect(await elevenLeads(backend, '203.0.113.91')).toEqual(Array(11).fill(201))
    })
  })
})

describe('a hosted project where the migration could not stop PostgREST calling the old pre-request function', () => {
  let backend: RunningBackend

  beforeAll(async () => {
    const stillConfigured = await folder(migrationsWith("alter role authenticator set pgrst.db_pre_request to 'public.limit_anonymous_writes';"))
    backend = await startOwnBackend({ migrationsDir: stillConfigured })
  })

  afterAll(async () => {
    await backend?.close()
  })

  it('answers every request, the old function doing nothing: one limit, counted once', async () => {
    const settings = await asSuperuser<{ setconfig: string[] }>(
      backend.context.db,
      `select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticator'`,
    )
    expect(settings.flatMap((row) => row.setconfig)).toContain('pgrst.db_pre_request=public.limit_anonymous_writes')
    expect(await elevenLeads(backend, '203.0.113.92')).toEqual([...Array(10).fill(201), 429])
    const today = new Date().toISOString().slice(0, 10)
    expect((await clientFor(backend.url, backend.anonKey).rpc('bookable_slots', { from_date: today, to_date: today }, { get: true })).status).toBe(200)
  })
})
