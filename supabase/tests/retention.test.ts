import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSuperuser } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

let dashboard: DashboardBackend

/** A lead saved as the service role, created and last changed `days` ago. */
async function leadOf(days: number, overrides: Record<string, unknown> = {}): Promise<string> {
  const lead = newLead(overrides)
  expect((await dashboard.serviceClient().from('leads').insert([lead])).error).toBeNull()
  await dashboard.backend.context.db.transaction(async (sql) => {
    await sql.query('set local session_replication_role = replica')
    await sql.query("update public.leads set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) where id = $1", [lead.id, days])
  })
  return lead.id
}

async function remaining(ids: string[]): Promise<string[]> {
  const { data } = await dashboard.serviceClient().from('leads').select('id').in('id', ids)
  return (data ?? []).map((row) => row.id as string).sort()
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('retention settings', () => {
  it('are read by anyone (the notice states them) with their defaults', async () => {
    const { data, error } = await dashboard.anonClient().rpc('retention_settings')
    expect(error).toBeNull()
    expect(data).toEqual({ unconverted_lead_days: 365, closed_lead_days: 1095, unfinished_chat_days: 30, audit_days: 400 })
  })

  it('are changed by admins only, within bounds (400 retention_out_of_range), and the change is audited', async () => {
    const member = await dashboard.member.client.rpc('set_retention_settings', { unconverted_lead_days: 100 })
    expect([member.status, member.error?.code]).toEqual([403, 'not_admin'])
    expect((await dashboard.anonClient().rpc('set_retention_settings', { unconverted_lead_days: 100 })).status).toBe(401)
    for (const wrong of [{ unconverted_lead_days: 29 }, { closed_lead_days: 364 }, { unfinished_chat_days: 0 }, { audit_days: 364 }, { unconverted_lead_days: 99_999 }]) {
      const { status, error } = await dashboard.admin.client.rpc('set_retention_settings', wrong)
      expect([status, error?.code], JSON.stringify(wrong)).toEqual([400, 'retention_out_of_range'])
    }
    expect((await dashboard.admin.client.rpc('set_retention_settings', { unconverted_lead_days: 'many' })).status).toBe(400)
    const changed = await dashboard.admin.client.rpc('set_retention_settings', { unconverted_lead_days: 180, unfinished_chat_days: 14 })
    expect(changed.data).toEqual({ unconverted_lead_days: 180, closed_lead_days: 1095, unfinished_chat_days: 14, audit_days: 400 })
    const audited = await dashboard.admin.client.from('audit_events').select('actor, detail').eq('kind', 'settings_change')
    expect(audited.data).toContainEqual({
      actor: dashboard.admin.userId,
      detail: { setting: 'retention', before: expect.objectContaining({ unconverted_lead_days: 365 }), after: expect.objectContaining({ unconverted_lead_days: 180 }) },
    })
    await dashboard.admin.client.rpc('set_retention_settings', { unconverted_lead_days: 365, unfinished_chat_days: 30 })
  })
})

describe('the retention job', () => {
  it('erases expired unconverted and closed leads through the erasure path, keeping booked, recent and counted ones', async () => {
    const oldUnconverted = await leadOf(400, { phone: '9833300001' })
    const recentUnconverted = await leadOf(300)
    const oldClosed = await leadOf(1100, { status: 'closed' })
    const closedForAccounts = await leadOf(800, { status: 'closed' })
    const oldButBooked = await leadOf(400)
    expect((await dashboard.serviceClient().from('appointments')
      .insert({ lead_id: oldButBooked, slot_datetime: new Date(Date.now() - 390 * 86_400_000).toISOString(), status: 'completed' })).error).toBeNull()
    const stats = (await dashboard.admin.client.rpc('dashboard_stats')).data as { total_leads: number }

    const [ran] = await asSuperuser<{ result: Record<string, unknown> }>(dashboard.backend.context.db, 'select private.run_retention() as result')
    expect(ran!.result).toMatchObject({ leads: 2, erasure_id: expect.any(String) })
    expect(await remaining([oldUnconverted, recentUnconverted, oldClosed, closedForAccounts, oldButBooked]))
      .toEqual([recentUnconverted, closedForAccounts, oldButBooked].sort())
    expect(((await dashboard.admin.client.rpc('dashboard_stats')).data as { total_leads: number }).total_leads).toBe(stats.total_leads)
    const tombstone = await dashboard.admin.client.from('erasures').select('reason, erased_by, leads').eq('id', ran!.result.erasure_id as string)
    expect(tombstone.data).toEqual([{ reason: 'retention', erased_by: null, leads: 2 }])

    const [again] = await asSuperuser<{ result: Record<string, unknown> }>(dashboard.backend.context.db, 'select private.run_retention() as result')
    expect(again!.result).toMatchObject({ leads: 0, erasure_id: null })
  })

  it('is run by the service role and the database owner only', async () => {
    for (const client of [dashboard.anonClient(), dashboard.admin.client]) {
      expect((await client.rpc('run_retention')).error).not.toBeNull()
    }
  })
})
