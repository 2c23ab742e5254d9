import { describe, expect, it } from 'vitest'
import { aLead } from '../../testing/lead-fixtures'
import type { Appointment } from './appointment.schema'
import { appointmentWhatsAppUrl, filterAppointments, joinAppointments } from './appointment-rows'

const leads = [aLead({ id: 'a', name: 'Aarav Sharma' }), aLead({ id: 'b', name: 'Priya Nair', phone: '9123456780', email: 'PRIYA@mail.in' })]
const appointments: Appointment[] = [
  { id: '1', lead_id: 'a', slot_datetime: '2026-12-02T09:30:00.000Z', status: 'scheduled', updated_at: null },
  { id: '2', lead_id: 'b', slot_datetime: '2026-12-03T04:30:00.000Z', status: 'no-show', updated_at: null },
  { id: '3', lead_id: 'gone', slot_datetime: '2026-12-04T04:30:00.000Z', status: 'cancelled', updated_at: null },
]
const rows = joinAppointments(appointments, leads)
const ids = (found: typeof rows) => found.map((row) => row.appointment.id)

describe('appointment rows', () => {
  it('joins each appointment to its lead, keeping those whose lead is missing', () => {
    expect(rows.map((row) => row.lead?.name)).toEqual(['Aarav Sharma', 'Priya Nair', undefined])
  })

  it('filters by lead name, phone or email and by status', () => {
    expect(ids(filterAppointments(rows, 'priya@', 'all'))).toEqual(['2'])
    expect(ids(filterAppointments(rows, '91234', 'all'))).toEqual(['2'])
    expect(ids(filterAppointments(rows, '', 'no-show'))).toEqual(['2'])
    expect(ids(filterAppointments(rows, 'aarav', 'no-show'))).toEqual([])
    expect(ids(filterAppointments(rows, '', 'all'))).toEqual(['1', '2', '3'])
  })

  it('prefills the WhatsApp message with the IST date and time', () => {
    const url = new URL(appointmentWhatsAppUrl(rows[0]!))
    expect(url.hostname).toBe('wa.me')
    expect(url.searchParams.get('text')).toContain('Wednesday, 2 December 2026 at 3:00 pm')
  })
})
