import { expect, test } from 'vitest'
import { anonClient, serviceClient } from '@backend/local/testing/clients'
import { istDay, istSlot, visitorBookingDays, weekdaysFrom } from '@backend/tests/support/slots'
import { errorCodes } from '@/lib/api-error'
import { manageTokenHash, newManageToken } from '@/features/scheduling/manage-token'
import { aLeadPayload } from '@/testing/lead-fixtures'
import { createAppointmentBookingApi } from './appointment-booking-api'
import { createLeadApi } from './lead-api'

/** Weekdays in this file's own band of the visitors' booking range, so no other test file books them. */
const [first, second, third, fourth] = visitorBookingDays(3) as [string, string, string, string]

const slot = (day: string, istHour: number) => new Date(istSlot(day, istHour))

/** A new token's hash, as the chat sends it with each booking. */
const aTokenHash = () => manageTokenHash(newManageToken())

async function visitorLead(): Promise<string> {
  const lead = aLeadPayload()
  await createLeadApi(anonClient()).saveLead(lead)
  return lead.id
}

async function bookingsOf(leadId: string) {
  const { data } = await serviceClient().from('appointments').select('*').eq('lead_id', leadId)
  return data ?? []
}

test('a visitor books a slot for their lead; it is stored as scheduled at that instant', async () => {
  const leadId = await visitorLead()
  const booked = slot(first, 11)
  const token = newManageToken()
  await createAppointmentBookingApi(anonClient()).bookAppointment(leadId, booked, await manageTokenHash(token))
  const data = await bookingsOf(leadId)
  expect(data).toHaveLength(1)
  expect(data[0].status).toBe('scheduled')
  expect(new Date(data[0].slot_datetime).getTime()).toBe(booked.getTime())
  expect(data[0].manage_token_hash).toBe(await manageTokenHash(token))
  const managed = await anonClient().rpc('manage_booking_get', { token })
  expect(managed.error).toBeNull()
  expect(new Date(managed.data.slot).getTime()).toBe(booked.getTime())
})

test('a slot someone else booked meanwhile is refused with slot_full and not booked twice', async () => {
  const api = createAppointmentBookingApi(anonClient())
  const taken = slot(second, 15)
  await api.bookAppointment(await visitorLead(), taken, await aTokenHash())
  const other = await visitorLead()
  await expect(api.bookAppointment(other, taken, await aTokenHash())).rejects.toMatchObject({ code: errorCodes.slotFull })
  expect(await bookingsOf(other)).toEqual([])
})

test('a slot the settings do not offer is refused by the database with slot_not_offered', async () => {
  const api = createAppointmentBookingApi(anonClient())
  await expect(api.bookAppointment(await visitorLead(), slot(third, 20), await aTokenHash())).rejects.toMatchObject({ code: errorCodes.slotNotOffered })
})

test('a second booking for a lead that holds one is refused with lead_already_booked', async () => {
  const api = createAppointmentBookingApi(anonClient())
  const leadId = await visitorLead()
  await api.bookAppointment(leadId, slot(fourth, 9), await aTokenHash())
  await expect(api.bookAppointment(leadId, slot(fourth, 10), await aTokenHash())).rejects.toMatchObject({ code: errorCodes.leadAlreadyBooked })
  expect(await bookingsOf(leadId)).toHaveLength(1)
})

test('a slot past the booking range is refused with booking_too_far_ahead', async () => {
  const api = createAppointmentBookingApi(anonClient())
  const leadId = await visitorLead()
  const [farDay] = weekdaysFrom(63, 1) as [string]
  expect(farDay > istDay(62)).toBe(true)
  await expect(api.bookAppointment(leadId, slot(farDay, 11), await aTokenHash())).rejects.toMatchObject({ code: errorCodes.bookingTooFarAhead })
  expect(await bookingsOf(leadId)).toEqual([])
})
