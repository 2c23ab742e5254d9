import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLeadApi } from '../../src/features/intake/api/lead-api.ts'
import { aNotice } from '../../src/testing/lead-fixtures.ts'
import { asSuperuser, chatRecorder, type ChatRecorder } from './support/chat-sessions.ts'
import { startDashboardBackend, type DashboardBackend } from './support/dashboard-backend.ts'
import { newLead } from './support/leads.ts'

let dashboard: DashboardBackend

beforeAll(async () => {
  dashboard = await startDashboardBackend()
})

afterAll(async () => {
  await dashboard?.backend.close()
})

interface StoredNotice {
  notice_version: string | null
  notice_language: string | null
  notice_seen_at: string | null
  whatsapp_marketing: boolean
  whatsapp_marketing_at: string | null
}

const noticeColumns = 'notice_version, notice_language, notice_seen_at, whatsapp_marketing, whatsapp_marketing_at'

async function storedLead(id: string): Promise<StoredNotice & { consent_withdrawn_at: string | null }> {
  const { data, error } = await dashboard.serviceClient().from('leads').select(`${noticeColumns}, consent_withdrawn_at`).eq('id', id).single()
  expect(error).toBeNull()
  return data as StoredNotice & { consent_withdrawn_at: string | null }
}

async function storedSession(id: string): Promise<StoredNotice> {
  const [row] = await asSuperuser<StoredNotice>(dashboard.backend.context.db, `select ${noticeColumns} from public.chat_sessions where id = $1`, [id])
  return row!
}

const secondsAgo = (at: string | null) => (Date.now() - Date.parse(at ?? '')) / 1000

describe("a visitor's lead records the notice its visitor saw", () => {
  it('keeps version, language and the time seen, through the intake api', async () => {
    const seenAt = new Date(Date.now() - 5 * 60_000).toISOString()
    const lead = newLead({ notice_version: '2026-11-26', notice_language: 'hi', notice_seen_at: seenAt })
    await createLeadApi(dashboard.anonClient()).saveLead(lead)
    const stored = await storedLead(lead.id)
    expect([stored.notice_version, stored.notice_language, Date.parse(stored.notice_seen_at!)]).toEqual(['2026-11-26', 'hi', Date.parse(seenAt)])
    expect([stored.whatsapp_marketing, stored.whatsapp_marketing_at, stored.consent_withdrawn_at]).toEqual([false, null, null])
  })

  it("takes the server's time when the visitor's is absent, in the future or over a day old", async () => {
    for (const notice_seen_at of [null, '2099-01-01T00:00:00Z', '2020-01-01T00:00:00Z']) {
      const lead = newLead({ notice_seen_at })
      expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
      expect(secondsAgo((await storedLead(lead.id)).notice_seen_at)).toBeLessThan(60)
    }
  })

  it("records the marketing opt-in with the server's time, whatever time the visitor sends", async () => {
    const lead = newLead({ whatsapp_marketing: true })
    expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
    const stored = await storedLead(lead.id)
    expect(stored.whatsapp_marketing).toBe(true)
    expect(secondsAgo(stored.whatsapp_marketing_at)).toBeLessThan(60)
    const chosenTime = await dashboard.anonClient().from('leads').insert([newLead({ whatsapp_marketing: true, whatsapp_marketing_at: '2020-01-01T00:00:00Z' })])
    expect(chosenTime.status).toBe(401)
  })

  it('refuses a lead without the notice with 400 notice_required, storing nothing', async () => {
    for (const missing of [{ notice_version: null }, { notice_language: null }, { notice_version: null, notice_language: null, notice_seen_at: null }]) {
      const lead = newLead(missing)
      const { error, status } = await dashboard.anonClient().from('leads').insert([lead])
      expect([status, error?.code]).toEqual([400, 'notice_required'])
      const { count } = await dashboard.serviceClient().from('leads').select('id', { count: 'exact', head: true }).eq('id', lead.id)
      expect(count).toBe(0)
    }
  })

  it('refuses a version or language of the wrong shape, empty, huge or hostile, with 400', async () => {
    const wrong = [
      { notice_version: '' },
      { notice_version: 'x'.repeat(33) },
      { notice_version: 'v1; drop table leads' },
      { notice_version: '2026-11-26\n' },
      { notice_language: 'english' },
      { notice_language: '' },
      { notice_language: '<script>' },
      { whatsapp_marketing: 'maybe' },
      { notice_seen_at: 'not a time' },
    ]
    for (const broken of wrong) {
      const { status, error } = await dashboard.anonClient().from('leads').insert([newLead(broken)])
      expect([status, typeof error?.code], JSON.stringify(broken)).toEqual([400, 'string'])
    }
  })

  it('lets visitors set neither the withdrawal nor the opt-in time, and members change neither', async () => {
    const withdrawn = await dashboard.anonClient().from('leads').insert([newLead({ consent_withdrawn_at: new Date().toISOString() })])
    expect(withdrawn.status).toBe(401)
    const lead = newLead({ whatsapp_marketing: true })
    expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
    for (const user of [dashboard.member, dashboard.admin]) {
      for (const change of [{ whatsapp_marketing: false }, { notice_version: 'other' }, { consent_withdrawn_at: new Date().toISOString() }]) {
        const { error } = await user.client.from('leads').update(change).eq('id', lead.id)
        expect(error?.code, JSON.stringify(change)).toBe('42501')
      }
    }
    expect((await storedLead(lead.id)).whatsapp_marketing).toBe(true)
  })

  it('lets the service role save a lead without a notice (staff-entered leads, imports)', async () => {
    const lead = newLead({ notice_version: null, notice_language: null, notice_seen_at: null })
    expect((await dashboard.serviceClient().from('leads').insert([lead])).error).toBeNull()
    expect((await storedLead(lead.id)).notice_version).toBeNull()
  })

  it('shows staff the notice and the opt-in on the lead they read', async () => {
    const lead = newLead({ whatsapp_marketing: true })
    expect((await dashboard.anonClient().from('leads').insert([lead])).error).toBeNull()
    const { data } = await dashboard.admin.client.from('leads').select(noticeColumns).eq('id', lead.id).single()
    expect(data).toMatchObject({ notice_version: aNotice.notice_version, notice_language: aNotice.notice_language, whatsapp_marketing: true })
  })
})

describe("a chat session records the notice shown and the visitor's marketing choice", () => {
  let chat: ChatRecorder

  beforeAll(async () => {
    chat = chatRecorder(dashboard.anonClient())
    expect((await chat.start()).error).toBeNull()
  })

  it('records the notice when shown; a later showing in another language replaces it', async () => {
    expect(await chat.notice('2026-11-26', 'en')).toEqual({ error: null, status: 204 })
    expect(await chat.notice('2026-11-26', 'hi')).toEqual({ error: null, status: 204 })
    const stored = await storedSession(chat.sessionId)
    expect([stored.notice_version, stored.notice_language]).toEqual(['2026-11-26', 'hi'])
    expect(secondsAgo(stored.notice_seen_at)).toBeLessThan(60)
  })

  it('records the tick with its first time, and the untick', async () => {
    expect((await chat.marketing(true)).status).toBe(204)
    const ticked = (await storedSession(chat.sessionId)).whatsapp_marketing_at
    expect(ticked).not.toBeNull()
    expect((await chat.marketing(true)).status).toBe(204)
    expect((await storedSession(chat.sessionId)).whatsapp_marketing_at).toEqual(ticked)
    expect((await chat.marketing(false)).status).toBe(204)
    expect(await storedSession(chat.sessionId)).toMatchObject({ whatsapp_marketing: false, whatsapp_marketing_at: null })
  })

  it('refuses missing, wrong, huge and hostile values with a 4xx and a code, changing nothing', async () => {
    const before = await storedSession(chat.sessionId)
    const refused: [Promise<{ error: { code: string } | null; status: number }>, number, string][] = [
      [chat.notice(null, 'en'), 400, 'notice_required'],
      [chat.notice('2026-11-26', null), 400, 'notice_required'],
      [chat.notice('', 'en'), 400, '23514'],
      [chat.notice('v'.repeat(100_000), 'en'), 400, '23514'],
      [chat.notice("'); delete from leads; --", 'en'), 400, '23514'],
      [chat.notice('2026-11-26', 'xx-yy-zz'), 400, '23514'],
      [chat.marketing(null), 400, 'opt_in_required'],
      [chat.marketing('yes please'), 400, '22P02'],
    ]
    for (const [call, status, code] of refused) {
      const { error, status: answered } = await call
      expect([answered, error?.code]).toEqual([status, code])
    }
    expect(await storedSession(chat.sessionId)).toEqual(before)
  })

  it('refuses an unknown session with 23503', async () => {
    const stranger = chatRecorder(dashboard.anonClient())
    expect((await stranger.notice()).error?.code).toBe('23503')
    expect((await stranger.marketing(true)).error?.code).toBe('23503')
  })

  it('is open to visitors only: staff and the service role cannot call the recording functions', async () => {
    for (const client of [dashboard.member.client, dashboard.admin.client, dashboard.serviceClient()]) {
      const other = chatRecorder(client, chat.sessionId)
      expect((await other.notice()).status).toBe(403)
      expect((await other.marketing(true)).status).toBe(403)
    }
  })
})

describe('the unfinished-chat follow-up queue (marketing)', () => {
  async function leftChat(optedIn: boolean | null) {
    const chat = chatRecorder(dashboard.anonClient())
    await chat.start()
    await chat.notice()
    await chat.contact('Nisha Verma', '9000000077')
    if (optedIn !== null) await chat.marketing(optedIn)
    await asSuperuser(dashboard.backend.context.db, "update public.chat_sessions set last_activity_at = now() - interval '1 hour' where id = $1", [chat.sessionId])
    return chat.sessionId
  }

  it('lists only chats whose visitor opted in to WhatsApp marketing', async () => {
    const optedIn = await leftChat(true)
    const untouched = await leftChat(null)
    const unticked = await leftChat(false)
    const { data, error } = await dashboard.admin.client.rpc('unfinished_chats', { include_followed_up: true })
    expect(error).toBeNull()
    const ids = (data as { id: string }[]).map((row) => row.id)
    expect(ids).toContain(optedIn)
    expect(ids).not.toContain(untouched)
    expect(ids).not.toContain(unticked)
  })
})
