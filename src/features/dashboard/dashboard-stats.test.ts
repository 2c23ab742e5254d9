import { describe, expect, it } from 'vitest'
import type { Appointment } from '../appointments/appointment.schema'
import { aLead } from '../../testing/lead-fixtures'
import { computeDashboardStats } from './dashboard-stats'

// 22 Nov 2026, 00:30 IST: still 21 Nov in UTC, so "today" must follow IST.
const now = new Date('2026-11-21T19:00:00Z')

function anAppointment(slot: string): Appointment {
  return { id: slot, lead_id: 'lead-1', slot_datetime: slot, status: 'scheduled', updated_at: null }
}

describe('dashboard stats', () => {
  it('counts leads by status and computes conversion with one decimal', () => {
    const leads = [
      aLead({ status: 'pending' }),
      aLead({ status: 'contacted' }),
      aLead({ status: 'closed' }),
    ]
    const stats = computeDashboardStats(leads, [], now)
    expect(stats).toMatchObject({ totalLeads: 3, pendingLeads: 1, contactedLeads: 1, closedLeads: 1, conversionRate: '33.3' })
  })

  it('gives 0 conversion with no leads', () => {
    expect(computeDashboardStats([], [], now).conversionRate).toBe('0')
  })

  it('counts today by the IST calendar date', () => {
    const leads = [
      aLead({ created_at: '2026-11-21T18:31:00Z' }),
      aLead({ created_at: '2026-11-21T18:29:00Z' }),
    ]
    const appointments = [anAppointment('2026-11-22T10:30:00Z'), anAppointment('2026-11-21T10:30:00Z')]
    const stats = computeDashboardStats(leads, appointments, now)
    expect(stats.todayLeads).toBe(1)
    expect(stats.todayAppointments).toBe(1)
    expect(stats.totalAppointments).toBe(2)
  })

  it('counts appointments of the last seven days onward for the week', () => {
    const appointments = [
      anAppointment('2026-11-14T19:00:00Z'),
      anAppointment('2026-11-14T18:59:00Z'),
      anAppointment('2026-12-01T05:00:00Z'),
    ]
    expect(computeDashboardStats([], appointments, now).weekAppointments).toBe(2)
  })
})
