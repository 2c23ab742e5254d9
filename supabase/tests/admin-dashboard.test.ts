import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '../local/testing/clients.ts'
import { newLead } from './support/leads.ts'
import { istSlot, randomFutureOffsetDays, sameInstant, saturdayFrom, weekdaysFrom } from './support/slots.ts'

let admin: SignedInUser
let member: SignedInUser
const leads = [newLead({ name: 'First Lead' }), newLead({ name: 'Second Lead' }), newLead({ name: 'Third Lead' })]
const offset = randomFutureOffsetDays(1)
const [day1, day2] = weekdaysFrom(offset, 2) as [string, string]
const slots = [istSlot(day1, 10), istSlot(day1, 15), istSlot(day2, 9)]
const appointmentIds: string[] = []

async function storedLead(id: string) {
  return (await serviceClient().from('leads').select('*').eq('id', id).single()).data
}

async function storedAppointment(id: string) {
  return (await serviceClient().from('appointments').select('*').eq('id', id).single()).data
}

function isSorted(values: number[], direction: 'asc' | 'desc') {
  return values.every((value, index) => index === 0 || (direction === 'asc' ? values[index - 1]! <= value : values[index - 1]! >= value))
}

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
  for (const lead of leads) {
    const { error } = await anonClient().from('leads').insert([lead])
    if (error) throw new Error(`arranging a lead failed: ${error.message}`)
  }
  // Each lead holds one active appointment; far ahead, where only staff book (visitors book at most 62 days ahead).
  for (const [index, slot] of slots.entries()) {
    const { error } = await serviceClient().from('appointments').insert({ lead_id: leads[index]!.id, slot_datetime: slot, status: 'scheduled' })
    if (error) throw new Error(`arranging an appointment failed: ${error.message}`)
    const { data } = await serviceClient().from('appointments').select('id').eq('slot_datetime', slot).single()
    appointmentIds.push(data!.id)
  }
})

describe('admin reads the dashboard data', () => {
  it('reads all lead columns, newest first', async () => {
    // This file's leads: the shared backend holds more than one answer carries (1,000 rows, as hosted's db-max-rows).
    const { data, error } = await admin.client.from('leads').select('*').in('id', leads.map((lead) => lead.id)).order('created_at', { ascending: false })
    expect(error).toBeNull()
    const ids = data!.map((row) => row.id)
    const positions = leads.map((lead) => ids.indexOf(lead.id))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => b - a))
    expect(isSorted(data!.map((row) => new Date(row.created_at).getTime()), 'desc')).toBe(true)
    expect(data!.find((row) => row.id === leads[0]!.id)).toMatchObject(leads[0]!)
  })

  it('reads the calendar subset of lead columns and nothing more', async () => {
    const { data, error } = await admin.client.from('leads').select('name, phone, email, product_type, id').eq('id', leads[1]!.id)
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Second Lead', phone: leads[1]!.phone, email: leads[1]!.email, product_type: leads[1]!.product_type, id: leads[1]!.id },
    ])
  })

  it.each([
    ['descending', false, 'desc'],
    ['ascending', true, 'asc'],
  ] as const)('reads all appointments ordered by slot_datetime %s', async (_label, ascending, direction) => {
    const { data, error } = await admin.client.from('appointments').select('*').in('id', appointmentIds).order('slot_datetime', { ascending })
    expect(error).toBeNull()
    expect(isSorted(data!.map((row) => new Date(row.slot_datetime).getTime()), direction)).toBe(true)
    expect(appointmentIds.every((id) => data!.some((row) => row.id === id))).toBe(true)
    expect(Object.keys(data![0]!).sort()).toEqual(['created_at', 'id', 'lead_id', 'manage_token_hash', 'reminded_at', 'reminded_by', 'slot_datetime', 'status', 'updated_at'])
  })
})

describe('admin changes lead status', () => {
  it('sets status and updated_at; the server stamps updated_at', async () => {
    const lead = leads[2]!
    const before = await storedLead(lead.id)
    const claimed = '2001-01-01T00:00:00.000Z'
    const { error } = await admin.client.from('leads').update({ status: 'contacted', updated_at: claimed }).eq('id', lead.id)
    expect(error).toBeNull()
    const after = await storedLead(lead.id)
    expect(after.status).toBe('contacted')
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime())
    expect(after.name).toBe(lead.name)
  })

  it('answers the updated row when asked to, as the dashboard does', async () => {
    const { data, error } = await admin.client
      .from('leads')
      .update({ status: 'closed', updated_at: new Date().toISOString() })
      .eq('id', leads[2]!.id)
      .select('*')
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ id: leads[2]!.id, status: 'closed' })
  })

  it('refuses a status outside pending, contacted, closed (23514)', async () => {
    const { error } = await admin.client.from('leads').update({ status: 'won' }).eq('id', leads[2]!.id)
    expect(error?.code).toBe('23514')
    expect((await storedLead(leads[2]!.id)).status).toBe('closed')
  })

  it.each([
    ['the name', { name: 'Changed Name' }],
    ['the phone', { phone: '9999999999' }],
    ['created_at', { created_at: '2001-01-01T00:00:00Z' }],
  ])('cannot change %s (column privilege, 42501)', async (_label, change) => {
    const { error } = await admin.client.from('leads').update(change).eq('id', leads[1]!.id)
    expect(error?.code).toBe('42501')
    expect(await storedLead(leads[1]!.id)).toMatchObject({ name: 'Second Lead', phone: leads[1]!.phone })
  })

  it('cannot delete or create leads', async () => {
    const removal = await admin.client.from('leads').delete().eq('id', leads[1]!.id)
    expect(removal.error?.code).toBe('42501')
    expect(await storedLead(leads[1]!.id)).not.toBeNull()
    const creation = await admin.client.from('leads').insert([newLead()])
    expect(creation.error?.code).toBe('42501')
  })
})

describe('admin manages appointments', () => {
  it.each(['confirmed', 'completed', 'cancelled', 'no-show', 'scheduled'])('sets status %s with updated_at', async (status) => {
    const id = appointmentIds[2]!
    const before = await storedAppointment(id)
    const { error } = await admin.client.from('appointments').update({ status, updated_at: new Date().toISOString() }).eq('id', id)
    expect(error).toBeNull()
    const after = await storedAppointment(id)
    expect(after.status).toBe(status)
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime())
  })

  it('reschedules: new slot, status forced back to scheduled, updated_at', async () => {
    const id = appointmentIds[1]!
    await admin.client.from('appointments').update({ status: 'confirmed' }).eq('id', id)
    const newSlot = istSlot(day2, 16)
    const { data, error } = await admin.client
      .from('appointments')
      .update({ slot_datetime: newSlot, status: 'scheduled', updated_at: new Date().toISOString() })
      .eq('id', id)
      .select('*')
      .single()
    expect(error).toBeNull()
    expect(data.status).toBe('scheduled')
    expect(sameInstant(data.slot_datetime, newSlot)).toBe(true)
  })

  it('cannot reschedule onto a slot another active appointment holds (409 slot_full at capacity 1)', async () => {
    const { error } = await admin.client
      .from('appointments')
      .update({ slot_datetime: slots[0], status: 'scheduled', updated_at: new Date().toISOString() })
      .eq('id', appointmentIds[1]!)
    expect(error?.code).toBe('slot_full')
    expect(sameInstant((await storedAppointment(appointmentIds[1]!)).slot_datetime, istSlot(day2, 16))).toBe(true)
  })

  it('cannot reschedule onto a weekend or outside business hours (400 slot_not_offered by default)', async () => {
    for (const slot of [istSlot(saturdayFrom(offset), 10), istSlot(day2, 19)]) {
      const { error } = await admin.client.from('appointments').update({ slot_datetime: slot }).eq('id', appointmentIds[0]!)
      expect(error?.code).toBe('slot_not_offered')
    }
    expect(sameInstant((await storedAppointment(appointmentIds[0]!)).slot_datetime, slots[0]!)).toBe(true)
  })

  it('cannot move an appointment to another lead, delete or create appointments (42501)', async () => {
    const move = await admin.client.from('appointments').update({ lead_id: leads[1]!.id }).eq('id', appointmentIds[0]!)
    expect(move.error?.code).toBe('42501')
    const removal = await admin.client.from('appointments').delete().eq('id', appointmentIds[0]!)
    expect(removal.error?.code).toBe('42501')
    const creation = await admin.client
      .from('appointments')
      .insert({ lead_id: leads[1]!.id, slot_datetime: istSlot(day2, 11), status: 'scheduled' })
    expect(creation.error?.code).toBe('42501')
    expect((await storedAppointment(appointmentIds[0]!)).lead_id).toBe(leads[0]!.id)
  })
})

describe('a signed-in user without the admin role and the dashboard data', () => {
  it('reads no leads and no appointments', async () => {
    const leadRead = await member.client.from('leads').select('*').order('created_at', { ascending: false })
    expect(leadRead.error).toBeNull()
    expect(leadRead.data).toEqual([])
    const appointmentRead = await member.client.from('appointments').select('*').order('slot_datetime', { ascending: false })
    expect(appointmentRead.error).toBeNull()
    expect(appointmentRead.data).toEqual([])
  })

  it('cannot update a lead or an appointment: nothing matches, nothing changes', async () => {
    const leadUpdate = await member.client
      .from('leads')
      .update({ status: 'closed', updated_at: new Date().toISOString() })
      .eq('id', leads[0]!.id)
      .select('*')
      .single()
    expect(leadUpdate.error?.code).toBe('PGRST116')
    expect((await storedLead(leads[0]!.id)).status).toBe('pending')
    const appointmentUpdate = await member.client.from('appointments').update({ status: 'cancelled' }).eq('id', appointmentIds[0]!)
    expect(appointmentUpdate.error).toBeNull()
    expect((await storedAppointment(appointmentIds[0]!)).status).toBe('scheduled')
  })

  it('cannot insert leads or appointments', async () => {
    const lead = await member.client.from('leads').insert([newLead()])
    expect(lead.error?.code).toBe('42501')
    const appointment = await member.client
      .from('appointments')
      .insert({ lead_id: leads[0]!.id, slot_datetime: istSlot(day2, 12), status: 'scheduled' })
    expect(appointment.error?.code).toBe('42501')
  })
})
