import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientsOf } from '../local/testing/clients.ts'
import { databaseBefore } from '../local/testing/database-before.ts'
import { asSuperuser, chatRecorder } from './support/chat-sessions.ts'
import { newLead, newLeadBeforeNotices } from './support/leads.ts'

const database = databaseBefore('20261129000100_notice_and_consent.sql', 'notice-migration-')

beforeAll(() => database.setUp())
afterAll(() => database.tearDown())

describe('notice and consent columns on a database that already holds leads and chats', () => {
  it('keep the earlier rows valid, before notices and without opt-in; new visitor leads need a notice', async () => {
    const lead = newLeadBeforeNotices({ phone: '9555500031' })
    const sessionId = await database.withBackend(async (backend) => {
      const visitor = clientsOf(backend).anonClient()
      expect((await visitor.from('leads').insert([lead])).error).toBeNull()
      const chat = chatRecorder(visitor)
      expect((await chat.start()).error).toBeNull()
      expect((await chat.contact('Old Visitor', '9555500032')).error).toBeNull()
      return chat.sessionId
    })
    await database.applyTheRest()
    await database.withBackend(async (backend) => {
      const clients = clientsOf(backend)
      const stored = await clients.serviceClient().from('leads')
        .select('notice_version, notice_language, notice_seen_at, whatsapp_marketing, whatsapp_marketing_at, consent_withdrawn_at')
        .eq('id', lead.id)
        .single()
      expect(stored.data).toEqual({
        notice_version: null,
        notice_language: null,
        notice_seen_at: null,
        whatsapp_marketing: false,
        whatsapp_marketing_at: null,
        consent_withdrawn_at: null,
      })
      const [session] = await asSuperuser(backend.context.db,
        'select notice_version, whatsapp_marketing, name from public.chat_sessions where id = $1', [sessionId])
      expect(session).toEqual({ notice_version: null, whatsapp_marketing: false, name: 'Old Visitor' })

      const admin = await clients.createUserAndSignIn({ admin: true })
      expect((await admin.client.from('leads').update({ status: 'contacted' }).eq('id', lead.id)).error).toBeNull()
      expect((await clients.anonClient().from('leads').insert([newLeadBeforeNotices()])).error?.code).toBe('notice_required')
      expect((await clients.anonClient().from('leads').insert([newLead()])).error).toBeNull()
    })
  })
})
