import { dayjs, istDateKey } from '../../lib/dayjs'
import type { Appointment } from '../appointments/appointment.schema'
import type { Lead } from '../../lib/lead-fields'

export interface DashboardStats {
  totalLeads: number
  pendingLeads: number
  contactedLeads: number
  closedLeads: number
  todayLeads: number
  /** Closed over total, as a percentage with one decimal; 0 with no leads. */
  conversionRate: string
  totalAppointments: number
  todayAppointments: number
  weekAppointments: number
}

export function computeDashboardStats(
  leads: readonly Lead[],
  appointments: readonly Appointment[],
  now: Date,
): DashboardStats {
  const today = istDateKey(now)
  const weekStart = dayjs(now).subtract(7, 'day')
  const countLeads = (status: Lead['status']) => leads.filter((lead) => lead.status === status).length
  const closedLeads = countLeads('closed')
  return {
    totalLeads: leads.length,
    pendingLeads: countLeads('pending'),
    contactedLeads: countLeads('contacted'),
    closedLeads,
    todayLeads: leads.filter((lead) => istDateKey(lead.created_at) === today).length,
    conversionRate: leads.length > 0 ? ((closedLeads / leads.length) * 100).toFixed(1) : '0',
    totalAppointments: appointments.length,
    todayAppointments: appointments.filter((appointment) => istDateKey(appointment.slot_datetime) === today).length,
    weekAppointments: appointments.filter((appointment) => !dayjs(appointment.slot_datetime).isBefore(weekStart))
      .length,
  }
}
