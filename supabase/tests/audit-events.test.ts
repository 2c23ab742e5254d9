import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

let dashboard: DashboardBackend

interface AuditEvent {
  id: number
  at: string
  kind: string
  actor: string | null
  address: string | null
  detail: Record<string, unknown>
}

async function eventsSince(id: number): Promise<AuditEvent[]> {
  const { data, error } = await dashboard.admin.client.from('audit_events').select('*').gt('id', id).order('id')
  expect(error).toBeNull()
  return data as AuditEvent[]
}

async function lastId(): Promise<number> {
  const [row] = await asSuperuser<{ id: number | null }>(dashboard.backend.context.db, 'select max(id) as id from public.audit_events')
  return Number(row?.id ?? 0)
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('audit events', () => {
  it('record a sign-in and failed sign-ins (wrong password, and refused by the limits) with the account and address', async () => {
    const user = await dashboard.createUserAndSignIn()
    const from = await lastId()
    expect((await dashboard.anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull()
    // An address the account signed in from may fail 10 times; the 11th is refused.
    for (let attempt = 0; attempt < 11; attempt++) {
      await dashboard.anonClient().auth.signInWithPassword({ email: user.email, password: 'wrong password' })
    }
    const events = await eventsSince(from)
    expect(events.map((event) => event.kind)).toEqual(['sign_in', ...Array(11).fill('sign_in_failed')])
    expect(events.every((event) => event.actor === user.userId && typeof event.address === 'string')).toBe(true)
    expect(events.at(-1)?.detail).toEqual({ refused: true })
    expect(events[1]?.detail).toEqual({})
  })

  it('record an export by its filter names, never its search term', async () => {
    const from = await lastId()
    const exportId = crypto.randomUUID()
    const { error } = await dashboard.admin.client.rpc('export_leads_chunk', { export_id: exportId, filters: { term: '9811100009', status: 'pending' } })
    expect(error).toBeNull()
    const [event] = await eventsSince(from)
    expect(event).toMatchObject({ kind: 'export', actor: dashboard.admin.userId, detail: { export_id: exportId, filters: ['status'], searched: true } })
    expect(JSON.stringify(event)).not.toContain('9811100009')
  })

  it('record an erasure with its counts and no personal data', async () => {
    const lead = newLead({ phone: '9811100010' })
    expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
    const from = await lastId()
    expect((await dashboard.admin.client.rpc('erase_person', { phone: '9811100010' })).error).toBeNull()
    const [event] = await eventsSince(from)
    expect(event).toMatchObject({ kind: 'erasure', actor: dashboard.admin.userId, detail: { reason: 'admin', leads: 1 } })
    expect(JSON.stringify(event)).not.toMatch(/9811100010|Aarav/)
  })

  it('record settings changes and role changes with who made them', async () => {
    const from = await lastId()
    expect((await dashboard.admin.client.rpc('set_round_robin', { enabled: true })).error).toBeNull()
    const staff = await dashboard.createUserAndSignIn({ role: 'staff' })
    const events = await eventsSince(from)
    expect(events.find((event) => event.kind === 'settings_change')).toMatchObject({
      actor: dashboard.admin.userId,
      detail: { setting: 'assignment', before: { round_robin: false }, after: { round_robin: true } },
    })
    expect(events.find((event) => event.kind === 'role_change')).toMatchObject({ detail: { user_id: staff.userId, before: null, after: 'staff' } })
  })

  it('are read by admins only, in pages', async () => {
    const page = await dashboard.admin.client.from('audit_events').select('*').order('id').range(0, 1)
    expect([page.error, page.data?.length]).toEqual([null, 2])
    expect((await dashboard.member.client.from('audit_events').select('*')).data).toEqual([])
    expect((await dashboard.anonClient().from('audit_events').select('*')).status).toBe(401)
  })

  it('cannot be written, changed or removed by anyone through the API', async () => {
    const row = { kind: 'sign_in', detail: {} }
    for (const client of [dashboard.anonClient(), dashboard.member.client, dashboard.admin.client, dashboard.serviceClient()]) {
      expect((await client.from('audit_events').insert(row)).error?.code).toBe('42501')
      expect((await client.from('audit_events').update({ kind: 'export' }).gt('id', 0)).error?.code).toBe('42501')
      expect((await client.from('audit_events').delete().gt('id', 0)).error?.code).toBe('42501')
    }
    for (const client of [dashboard.anonClient(), dashboard.admin.client]) {
      expect((await client.rpc('purge_audit_events', { keep_days: 365 })).error).not.toBeNull()
    }
  })
})

describe('keeping audit events', () => {
  it('refuses changes even to the database owner; the purge removes only what is past the kept days, never under 365', async () => {
    const db = dashboard.backend.context.db
    await expect(asSuperuser(db, "update public.audit_events set kind = 'export'")).rejects.toThrow(/cannot be changed/)
    await expect(asSuperuser(db, 'delete from public.audit_events')).rejects.toThrow(/cannot be changed/)
    await asSuperuser(db, "insert into public.audit_events (at, kind) values (now() - interval '401 days', 'sign_in'), (now() - interval '399 days', 'sign_in')")
    await expect(asSuperuser(db, 'select private.purge_audit_events(364)')).rejects.toThrow(/at least 365/)
    const before = await asSuperuser<{ count: number }>(db, 'select count(*)::int as count from public.audit_events')
    expect(await asSuperuser(db, 'select private.purge_audit_events() as purged')).toEqual([{ purged: 1 }])
    expect(await asSuperuser(db, 'select count(*)::int as count from public.audit_events')).toEqual([{ count: before[0]!.count - 1 }])
    await expect(asSuperuser(db, "delete from public.audit_events where at < now() - interval '365 days'")).rejects.toThrow(/cannot be changed/)
  })
})
