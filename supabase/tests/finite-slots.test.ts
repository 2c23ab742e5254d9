import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'
import { visitorBooking } from './support/manage-token.ts'
import { istSlot, randomFutureOffsetDays, weekdaysFrom } from './support/slots.ts'

const [day] = weekdaysFrom(randomFutureOffsetDays(2), 1) as [string]
let leadId = ''

async function appointmentsAt(slot: string) {
  const { data, error } = await serviceClient().from('appointments').select('id').eq('slot_datetime', slot)
  expect(error).toBeNull()
  return data ?? []
}

beforeAll(async () => {
  const lead = newLead()
  const { error } = await serviceClient().from('leads').insert(lead)
  if (error) throw new Error(`arranging the lead failed: ${error.message}`)
  leadId = lead.id
})

describe('a slot is a real instant for everyone (no infinity)', () => {
  it('refuses a visitor booking "infinity" as past the booking range and stores nothing', async () => {
    const { error, status } = await anonClient().from('appointments').insert([visitorBooking(leadId, 'infinity')])
    expect([status, error?.code]).toEqual([400, 'booking_too_far_ahead'])
    expect(await appointmentsAt('infinity')).toHaveLength(0)
  })

  it.each(['infinity', '-infinity'])('refuses the service role storing %s with 23514', async (slot) => {
    const { error } = await serviceClient().from('appointments').insert({ lead_id: leadId, slot_datetime: slot })
    expect(error?.code).toBe('23514')
    expect(await appointmentsAt(slot)).toHaveLength(0)
  })

  it.each(['infinity', '-infinity'])('refuses an admin rescheduling to %s with 23514 and keeps the slot', async (slot) => {
    const booked = istSlot(day, 15)
    const created = await serviceClient().from('appointments').insert({ lead_id: leadId, slot_datetime: booked }).select('id').single()
    expect(created.error).toBeNull()
    const admin = await createUserAndSignIn({ admin: true })
    const { error } = await admin.client.from('appointments').update({ slot_datetime: slot }).eq('id', created.data!.id)
    expect(error?.code).toBe('23514')
    expect(await appointmentsAt(booked)).toEqual([{ id: created.data!.id }])
    await serviceClient().from('appointments').delete().eq('id', created.data!.id)
  })
})
