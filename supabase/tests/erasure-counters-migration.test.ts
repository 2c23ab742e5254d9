import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientsOf } from '../local/testing/clients.ts'
import { databaseBefore } from '../local/testing/database-before.ts'
import { chatRecorder } from './support/chat-sessions.ts'
import { newLead } from './support/leads.ts'

// Before the first of the two counters' migrations (20261129000800 bookings, 20261129000810 no-shows).
const database = databaseBefore('20261129000800_chat_booking_counts.sql', 'erasure-counters-')

beforeAll(() => database.setUp())
afterAll(() => database.tearDown())

/** Midnight in India, `days` from today's. */
function istMidnight(days: number): string {
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)
  return new Date(Date.parse(`${today}T00:00:00+05:30`) + days * 86_400_000).toISOString()
}

const wholeDays = { from: istMidnight(-1), to: istMidnight(1) }
/** A period that starts and ends inside today, so today's sessions are read live, not from the counts. */
const insideToday = { from: istMidnight(0), to: new Date(Date.now() + 60_000).toISOString() }

describe('the bookings and no-show counters on a database that already holds booked chats', () => {
  it('start from the bookings and ended appointments so far, and keep them after their person is erased', async () => {
    const phone = '9555500081'
    await database.withBackend(async (backend) => {
      const clients = clientsOf(backend)
      const lead = newLead({ phone })
      expect((await clients.anonClient().from('leads').insert([lead])).error).toBeNull()
      const chat = chatRecorder(clients.anonClient())
      await chat.start()
      await chat.contact(lead.name, phone)
      expect((await chat.completed(lead.id)).error).toBeNull()
      const bookings = ['completed', 'no-show'].map((status) => ({ lead_id: lead.id, slot_datetime: new Date().toISOString(), status }))
      expect((await clients.serviceClient().from('appointments').insert(bookings)).error).toBeNull()
    })
    await database.applyTheRest()
    await database.withBackend(async (backend) => {
      const admin = (await clientsOf(backend).createUserAndSignIn({ admin: true })).client
      const bookings = async (period: typeof wholeDays) => {
        const { data, error } = await admin.rpc('chat_totals', period)
        expect(error).toBeNull()
        return (data as { bookings: number }).bookings
      }
      const thisMonth = async () => {
        const { data, error } = await admin.rpc('no_show_stats', { months: 1 })
        expect(error).toBeNull()
        return (data as { ended: number; no_shows: number }[]).map(({ ended, no_shows }) => ({ ended, no_shows }))
      }
      expect([await bookings(wholeDays), await bookings(insideToday)]).toEqual([2, 2])
      expect(await thisMonth()).toEqual([{ ended: 2, no_shows: 1 }])
      const erased = await admin.rpc('erase_person', { phone, confirm_booking_today: true })
      expect(erased).toMatchObject({ error: null, data: { appointments: 2, chat_sessions: 1 } })
      expect(await bookings(wholeDays)).toBe(2)
      expect(await thisMonth()).toEqual([{ ended: 2, no_shows: 1 }])
    })
  })
})
