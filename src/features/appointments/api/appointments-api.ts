import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { allOption } from '@/lib/all-option'
import type { AppointmentQuery } from '../appointment-query'
import { appointmentRowSchema, appointmentSchema, type Appointment, type AppointmentRow, type AppointmentStatus } from '../appointment.schema'

/** Hosted PostgREST answers at most this many rows a request. */
const maxRowsPerRequest = 1000

const fetchFailed = 'Failed to fetch appointments'

export function createAppointmentsApi(client: SupabaseClient) {
  /**
   * The appointments matching the query, as one request still to be ordered and paged: a search term
   * goes through search_appointments (the lead's name, phone or email, literally); without one the
   * view appointment_rows is read directly.
   */
  function appointmentsMatching(query: AppointmentQuery, columns: string, options: { count?: 'exact'; head?: boolean } = {}) {
    const term = query.search.trim()
    const source =
      term === ''
        ? client.from('appointment_rows').select(columns, options)
        : client.rpc('search_appointments', { term }, options).select(columns)
    return query.status === allOption ? source : source.eq('status', query.status)
  }

  /** One page of the tab's appointments, latest slot first, each with who reminded it and when. */
  async function fetchAppointmentsPage(query: AppointmentQuery, span: { from: number; to: number }, signal: AbortSignal): Promise<AppointmentRow[]> {
    const { data, error } = await appointmentsMatching(query, '*')
      .order('slot_datetime', { ascending: false })
      .order('id', { ascending: false })
      .range(span.from, span.to)
      .abortSignal(signal)
    if (error) throw toApiError(error, fetchFailed)
    return z.array(appointmentRowSchema).parse(data)
  }

  async function countAppointments(query: AppointmentQuery, signal: AbortSignal): Promise<number> {
    const { count, error } = await appointmentsMatching(query, 'id', { count: 'exact', head: true }).abortSignal(signal)
    if (error) throw toApiError(error, fetchFailed)
    return count ?? 0
  }

  /** One appointment with its lead's fields and its reminder, as the tab shows it; null when there is none the member may read. */
  async function fetchAppointmentRow(appointmentId: string, signal: AbortSignal): Promise<AppointmentRow | null> {
    const { data, error } = await client.from('appointment_rows').select('*').eq('id', appointmentId).abortSignal(signal).maybeSingle()
    if (error) throw toApiError(error, fetchFailed)
    return data === null ? null : appointmentRowSchema.parse(data)
  }

  /** Every appointment with a slot from `fromIso` (inclusive) to `toIso` (exclusive), earliest first: what a calendar month shows. */
  async function fetchAppointmentsBetween(fromIso: string, toIso: string, signal: AbortSignal): Promise<AppointmentRow[]> {
    const rows: AppointmentRow[] = []
    for (let from = 0; ; from += maxRowsPerRequest) {
      const { data, error } = await client
        .from('appointment_rows')
        .select('*')
        .gte('slot_datetime', fromIso)
        .lt('slot_datetime', toIso)
        .order('slot_datetime')
        .order('id')
        .range(from, from + maxRowsPerRequest - 1)
        .abortSignal(signal)
      if (error) throw toApiError(error, fetchFailed)
      const page = z.array(appointmentRowSchema).parse(data)
      rows.push(...page)
      if (page.length < maxRowsPerRequest) return rows
    }
  }

  async function updateAppointmentStatus(appointmentId: string, status: AppointmentStatus): Promise<Appointment> {
    const { data, error } = await client
      .from('appointments')
      .update({ status, updated_at: new Date().toISOString() })
      .eq('id', appointmentId)
      .select('*')
      .single()
    if (error) throw toApiError(error, 'Failed to update appointment')
    return appointmentSchema.parse(data)
  }

  /** Moves the appointment to a new slot and forces it back to scheduled; a full or closed slot is refused (slot_full, slot_not_offered) with the database's message. */
  async function rescheduleAppointment(appointmentId: string, slotIso: string): Promise<Appointment> {
    const { data, error } = await client
      .from('appointments')
      .update({ slot_datetime: slotIso, status: 'scheduled', updated_at: new Date().toISOString() })
      .eq('id', appointmentId)
      .select('*')
      .single()
    if (error) throw toApiError(error, 'Failed to reschedule appointment')
    return appointmentSchema.parse(data)
  }

  return { fetchAppointmentsPage, countAppointments, fetchAppointmentRow, fetchAppointmentsBetween, updateAppointmentStatus, rescheduleAppointment }
}

export type AppointmentsApi = ReturnType<typeof createAppointmentsApi>
