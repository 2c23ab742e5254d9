import { businessPhone } from '../../lib/consultation-facts'
import { formatLongDate, formatTime } from '../../lib/format'
import type { Lead } from '../../lib/lead-fields'
import { allOption, matchesSearch } from '../../lib/search'
import type { Appointment, AppointmentStatus } from './appointment.schema'

export interface AppointmentRow {
  appointment: Appointment
  lead: Lead | undefined
}

/** Appointments joined in the browser to their leads through lead_id. */
export function joinAppointments(appointments: readonly Appointment[], leads: readonly Lead[]): AppointmentRow[] {
  const leadsById = new Map(leads.map((lead) => [lead.id, lead]))
  return appointments.map((appointment) => ({ appointment, lead: leadsById.get(appointment.lead_id) }))
}

export type AppointmentStatusFilter = AppointmentStatus | typeof allOption

export function filterAppointments(
  rows: readonly AppointmentRow[],
  search: string,
  status: AppointmentStatusFilter,
): AppointmentRow[] {
  return rows.filter(
    ({ appointment, lead }) =>
      matchesSearch(search, [lead?.name ?? '', lead?.phone ?? '', lead?.email ?? '']) &&
      (status === allOption || appointment.status === status),
  )
}

/** A chat with the business number, prefilled with the appointment's date and time. */
export function appointmentWhatsAppUrl(row: AppointmentRow): string {
  const when = `${formatLongDate(row.appointment.slot_datetime)} at ${formatTime(row.appointment.slot_datetime)}`
  const name = row.lead?.name ? `${row.lead.name}'s` : 'the'
  const message = `Hi! This is about ${name} consultation appointment on ${when}.`
  return `https://wa.me/${businessPhone}?text=${encodeURIComponent(message)}`
}
