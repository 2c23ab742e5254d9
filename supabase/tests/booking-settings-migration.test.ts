import { afterAll, beforeAll, expect, it } from 'vitest'
import { clientsOf } from '../local/testing/clients.ts'
import { databaseBefore } from '../local/testing/database-before.ts'
import { newLead, newLeadBeforeNotices } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, sameInstant, weekdaysFrom } from './support/slots.ts'

const settingsMigration = '20261128000100_booking_settings.sql'
const database = databaseBefore(settingsMigration, 'booking-settings-')
const leads = [newLeadBeforeNotices(), newLeadBeforeNotices()]
const [day] = weekdaysFrom(4, 1) as [string]

beforeAll(async () => {
  await database.setUp()
  await database.withBackend(async (backend) => {
    const visitor = clientsOf(backend).anonClient()
    for (const [index, lead] of leads.entries()) {
      expect((await visitor.from('leads').insert([lead])).error).toBeNull()
      // Booked as visitors did before the manage link's hash existed.
      expect((await visitor.from('appointments').insert({ lead_id: lead.id, slot_datetime: istSlot(day, 9 + index), status: 'scheduled' })).error).toBeNull()
    }
  })
  await database.applyTheRest()
})

afterAll(() => database.tearDown())

it('keeps the bookings of the fixed grid as they were: valid under the default settings, counted in their slots, none needing attention', async () => {
  await database.withBackend(async (backend) => {
    const clients = clientsOf(backend)
    const { data: rows } = await clients.serviceClient().from('appointments').select('lead_id, slot_datetime, status').in('lead_id', leads.map((lead) => lead.id)).order('slot_datetime')
    expect(rows!.map((row) => row.status)).toEqual(['scheduled', 'scheduled'])
    expect(sameInstant(rows![0]!.slot_datetime, istSlot(day, 9))).toBe(true)
    const { data: slots } = await clients.anonClient().rpc('bookable_slots', { from_date: day, to_date: day })
    expect((slots as { taken: number }[]).map((slot) => slot.taken)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0])
    const admin = await clients.createUserAndSignIn({ admin: true })
    const { data: attention } = await admin.client.rpc('bookings_needing_attention')
    expect(attention).toEqual([])
    const second = newLead()
    expect((await clients.anonClient().from('leads').insert([second])).error).toBeNull()
    const full = await clients.anonClient().from('appointments').insert(visitorBooking(second.id, istSlot(day, 9)))
    expect([full.status, full.error?.code]).toEqual([409, 'slot_full'])
  })
})
