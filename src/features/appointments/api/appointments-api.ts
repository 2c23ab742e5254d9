import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { ApiError, toApiError } from '../../../lib/api-error'
import { appointmentSchema, type Appointment, type AppointmentStatus } from '../appointment.schema'

const uniqueViolation = '23505'

const slotTakenMessage = 'That time slot is already booked. Please pick another slot.'

export function createAppointmentsApi(client: SupabaseClient) {
  async function fetchAppointments(order: 'ascending' | 'descending'): Promise<Appointment[]> {
    const { data, error } = await client
      .from('appointments')
      .select('*')
      .order('slot_datetime', { ascending: order === 'ascending' })
    if (error) throw toApiError(error, 'Failed to fetch appointments')
    return z.array(appointmentSchema).parse(data)
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

  /** Moves the appointment to a new slot and forces it back to scheduled. */
  async function rescheduleAppointment(appointmentId: string, slotIso: string): Promise<Appointment> {
    const { data, error } = await client
      .from('appointments')
      .update({ slot_datetime: slotIso, status: 'scheduled', updated_at: new Date().toISOString() })
      .eq('id', appointmentId)
      .select('*')
      .single()
    if (error?.code === uniqueViolation) throw new ApiError(uniqueViolation, slotTakenMessage)
    if (error) throw toApiError(error, 'Failed to reschedule appointment')
    return appointmentSchema.parse(data)
  }

  return { fetchAppointments, updateAppointmentStatus, rescheduleAppointment }
}

export type AppointmentsApi = ReturnType<typeof createAppointmentsApi>
