import { randomInt, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUserAndSignIn, serviceClient } from '../../../../supabase/local/testing/clients'
import { istWallClock } from '../../../lib/dayjs'
import { createSchedulingApi } from '../../scheduling/api/scheduling-api'
import { createAppointmentsApi } from './appointments-api'

/** A Monday in 2032 of its own, so parallel test files never book the same slots. */
const monday = istWallClock('2032-01-05', '00:00').add(randomInt(0, 400) * 7, 'day').format('YYYY-MM-DD')
const at = (time: string) => istWallClock(monday, time).toISOString()

async function leadWithAppointment(slot: string, status = 'scheduled') {
  const service = serviceClient()
  const leadId = `appt-${randomUUID()}`
  const lead = await service.from('leads').insert({ id: leadId, name: 'Kabir Das', phone: '9000012345' })
  if (lead.error) throw new Error(lead.error.message)
  const appointment = await service
    .from('appointments')
    .insert({ lead_id: leadId, slot_datetime: slot, status })
    .select('id')
    .single()
  if (appointment.error) throw new Error(appointment.error.message)
  return appointment.data.id as string
}

describe('appointments api against the local backend', () => {
  it('lists appointments by slot in either order', async () => {
    const early = await leadWithAppointment(at('09:00'))
    const late = await leadWithAppointment(at('10:00'))
    const admin = await createUserAndSignIn({ admin: true })
    const api = createAppointmentsApi(admin.client)
    const ascending = (await api.fetchAppointments('ascending')).map((row) => row.id)
    const descending = (await api.fetchAppointments('descending')).map((row) => row.id)
    expect(ascending.indexOf(early)).toBeLessThan(ascending.indexOf(late))
    expect(descending.indexOf(late)).toBeLessThan(descending.indexOf(early))
  })

  it('sets a quick-action status', async () => {
    const id = await leadWithAppointment(at('11:00'))
    const admin = await createUserAndSignIn({ admin: true })
    const updated = await createAppointmentsApi(admin.client).updateAppointmentStatus(id, 'no-show')
    expect(updated.status).toBe('no-show')
  })

  it('reschedules onto a free slot and forces the status back to scheduled', async () => {
    const id = await leadWithAppointment(at('12:00'), 'confirmed')
    const admin = await createUserAndSignIn({ admin: true })
    const moved = await createAppointmentsApi(admin.client).rescheduleAppointment(id, at('13:00'))
    expect(moved.status).toBe('scheduled')
    expect(new Date(moved.slot_datetime).toISOString()).toBe(at('13:00'))
    const taken = await createSchedulingApi(admin.client).fetchTakenSlots(at('00:00'), at('23:59'))
    expect(taken.map((slot) => new Date(slot).toISOString())).toContain(at('13:00'))
    expect(taken.map((slot) => new Date(slot).toISOString())).not.toContain(at('12:00'))
  })

  it('refuses a taken slot with a clear message and leaves the appointment as it was', async () => {
    await leadWithAppointment(at('14:00'))
    const id = await leadWithAppointment(at('15:00'))
    const admin = await createUserAndSignIn({ admin: true })
    await expect(createAppointmentsApi(admin.client).rescheduleAppointment(id, at('14:00'))).rejects.toMatchObject({
      code: '23505',
    })
    const stored = await serviceClient().from('appointments').select('slot_datetime').eq('id', id).single()
    expect(new Date(stored.data?.slot_datetime).toISOString()).toBe(at('15:00'))
  })

  it('refuses a slot outside business hours with the database code', async () => {
    const id = await leadWithAppointment(at('16:00'))
    const admin = await createUserAndSignIn({ admin: true })
    await expect(createAppointmentsApi(admin.client).rescheduleAppointment(id, at('20:00'))).rejects.toMatchObject({
      code: '23514',
    })
  })

  it('shows a non-admin no appointments', async () => {
    await leadWithAppointment(at('17:00'))
    const user = await createUserAndSignIn()
    expect(await createAppointmentsApi(user.client).fetchAppointments('descending')).toEqual([])
  })
})
