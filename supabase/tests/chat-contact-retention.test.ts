import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startLocalBackend } from '../local/local-backend.ts'
import { arrangeSession, asSuperuser } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

const dayMs = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString()

let dashboard: DashboardBackend
let db: Database

async function purge(): Promise<number> {
  const rows = await asSuperuser<{ cleared: number }>(db, 'select private.purge_chat_contacts() as cleared')
  return rows[0]!.cleared
}

async function contactOf(id: string) {
  const rows = await asSuperuser(db, 'select name, phone, name_submitted_at is not null as submitted, lead_id from public.chat_sessions where id = $1', [id])
  return rows[0]
}

/** An unfinished chat whose last activity was `days` days ago. */
function unfinishedChat(days: number, phone: string) {
  return arrangeSession(db, { createdAt: daysAgo(days + 0.01), lastActivityAt: daysAgo(days), name: 'Asha Rao', phone, whatsappMarketing: true, steps: [['welcome', 0, 1]] })
}

beforeAll(async () => {
  dashboard = await startDashboardBackend()
  db = dashboard.backend.context.db
})

afterAll(async () => {
  await dashboard?.backend.close()
})

describe('clearing the contact of unfinished chats after the retention period', () => {
  it('clears name and phone 30 days after the last activity by default, keeping the counts and the leads', async () => {
    const expired = await unfinishedChat(31, '9000000031')
    const kept = await unfinishedChat(29, '9000000032')
    const lead = newLead({ id: 'retention-lead' })
    expect((await dashboard.serviceClient().from('leads').insert(lead)).error).toBeNull()
    const completed = await arrangeSession(db, { createdAt: daysAgo(60), leadId: lead.id })
    const period = { from: daysAgo(90), to: new Date().toISOString() }
    const before = await dashboard.admin.client.rpc('chat_totals', period)

    expect(await purge()).toBe(1)
    expect(await contactOf(expired)).toEqual({ name: null, phone: null, submitted: true, lead_id: null })
    expect(await contactOf(kept)).toMatchObject({ name: 'Asha Rao', phone: '9000000032' })
    expect(await contactOf(completed)).toMatchObject({ lead_id: lead.id })
    expect((await dashboard.admin.client.rpc('chat_totals', period)).data).toEqual(before.data)
    const listed = await dashboard.admin.client.rpc('unfinished_chats', { include_followed_up: true })
    expect((listed.data as { id: string }[]).map((row) => row.id)).toEqual([kept])
    expect(await purge()).toBe(0)
  })

  it('follows the retention period an operator sets, and refuses one under a day', async () => {
    const expired = await unfinishedChat(8, '9000000033')
    await asSuperuser(db, "update private.chat_settings set contact_retention = interval '7 days'")
    try {
      expect(await purge()).toBe(2)
      expect(await contactOf(expired)).toMatchObject({ name: null, phone: null })
      await expect(asSuperuser(db, "update private.chat_settings set contact_retention = interval '1 hour'")).rejects.toMatchObject({ code: '23514' })
      await expect(asSuperuser(db, 'insert into private.chat_settings (id) values (false)')).rejects.toMatchObject({ code: '23514' })
    } finally {
      await asSuperuser(db, "update private.chat_settings set contact_retention = interval '30 days'")
    }
  })

  it('cannot be run through the API by anyone, nor in SQL by visitors or signed-in users', async () => {
    for (const client of [dashboard.anonClient(), dashboard.member.client, dashboard.admin.client, dashboard.serviceClient()]) {
      const { status, error } = await client.rpc('purge_chat_contacts')
      expect([status, error?.code]).toEqual([404, 'PGRST202'])
    }
    for (const role of ['anon', 'authenticated']) {
      const asRole = db.transaction(async (sql) => {
        await sql.query(`set local role ${role}`)
        return sql.query('select private.purge_chat_contacts()')
      })
      await expect(asRole).rejects.toMatchObject({ code: '42501' })
    }
    const asService = await db.transaction(async (sql) => {
      await sql.query('set local role service_role')
      return sql.query<{ cleared: number }>('select private.purge_chat_contacts() as cleared')
    })
    expect(asService.rows).toEqual([{ cleared: 0 }])
  })
})

describe('the local backend runs the retention job', () => {
  const folders: string[] = []
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  it('when it starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chat-retention-'))
    folders.push(dataDir)
    const first = await startLocalBackend({ dataDir })
    const id = await arrangeSession(first.context.db, { createdAt: daysAgo(40), lastActivityAt: daysAgo(40), name: 'Asha Rao', phone: '9000000034' })
    await first.close()
    const second = await startLocalBackend({ dataDir })
    try {
      await expect.poll(() => asSuperuser(second.context.db, 'select name, phone from public.chat_sessions where id = $1', [id])).toEqual([{ name: null, phone: null }])
    } finally {
      await second.close()
    }
  })
})
