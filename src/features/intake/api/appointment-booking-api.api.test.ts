import { expect, test } from 'vitest'
import { anonClient, serviceClient } from '../../../../supabase/local/testing/clients'
import { aLeadPayload } from '../../../testing/lead-fixtures'
import { createAppointmentBookingApi } from './appointment-booking-api'
import { createLeadApi } from './lead-api'

/** A weekday slot at the given IST hour, far enough ahead that no other test file books that day. */
function weekdaySlot(daysAhead: number, istHour: number): Date {
  const day = new Date(Date.now() + daysAhead * 86_400_000)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  const iso = `${day.toISOString().slice(0, 10)}T${String(istHour).padStart(2, '0')}:00:00+05:30`
  return new Date(iso)
}

async function visitorLead(): Promise<string> {
  const lead = aLeadPayload()
  await createLeadApi(anonClient()).saveLead(lead)
  return lead.id
}

test('a visitor books a slot for their lead; it is stored as scheduled at that instant', async () => {
  const leadId = await visitorLead()
  const slot = weekdaySlot(300, 11)
  await createAppointmentBookingApi(anonClient()).bookAppointment(leadId, slot)
  const { data } = await serviceClient().from('appointments').select('*').eq('lead_id', leadId)
  expect(data).toHaveLength(1)
  expect(data?.[0].status).toBe('scheduled')
  expect(new Date(data?.[0].slot_datetime).getTime()).toBe(slot.getTime())
})

test('a slot someone else booked meanwhile is refused with 23505 and not booked twice', async () => {
  const api = createAppointmentBookingApi(anonClient())
  const slot = weekdaySlot(301, 15)
  await api.bookAppointment(await visitorLead(), slot)
  const second = await visitorLead()
  await expect(api.bookAppointment(second, slot)).rejects.toMatchObject({ code: '23505' })
  const { data } = await serviceClient().from('appointments').select('id').eq('lead_id', second)
  expect(data).toEqual([])
})

test('a slot outside business hours is refused by the database', async () => {
  const api = createAppointmentBookingApi(anonClient())
  await expect(api.bookAppointment(await visitorLead(), weekdaySlot(302, 20))).rejects.toMatchObject({ code: '23514' })
})
