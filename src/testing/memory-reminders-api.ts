import type { AppointmentRow } from '@/features/appointments/appointment.schema'
import type { RemindersApi } from '@/features/today/api/reminders-api'
import type { ReminderDue } from '@/features/today/reminder.schema'
import type { Lead } from '@/lib/lead-fields'
import type { Viewer } from '@/lib/team'

type Recorder = <TArgs extends unknown[], TResult>(name: string, run: (...args: TArgs) => TResult) => (...args: TArgs) => Promise<Awaited<TResult>>

const dayMs = 86_400_000

/**
 * reminders_due() and appointment_mark_reminded() over appointments held in memory (changed in place, so
 * the appointments tab reads who reminded and when): active ones of the next 24 hours not yet reminded,
 * earliest first; marking twice keeps the first. For component tests.
 */
export function memoryRemindersApi(record: Recorder, viewer: Viewer, appointments: AppointmentRow[], leads: () => Lead[]) {
  const api: Pick<RemindersApi, 'fetchRemindersDue' | 'markReminded'> = {
    fetchRemindersDue: record('fetchRemindersDue', (): ReminderDue[] => {
      const now = Date.now()
      return appointments
        .filter((row) => ['scheduled', 'confirmed'].includes(row.status) && !row.reminded_at)
        .filter((row) => Date.parse(row.slot_datetime) > now && Date.parse(row.slot_datetime) <= now + dayMs)
        .sort((a, b) => a.slot_datetime.localeCompare(b.slot_datetime))
        .map((row) => ({
          appointment_id: row.id,
          lead_id: row.lead_id,
          lead_name: row.lead_name ?? '',
          lead_phone: row.lead_phone ?? '',
          language: leads().find((lead) => lead.id === row.lead_id)?.language ?? null,
          slot: row.slot_datetime,
          status: row.status,
        }))
    }),
    markReminded: record('markReminded', (appointmentId: string) => {
      const index = appointments.findIndex((row) => row.id === appointmentId)
      const row = appointments[index]!
      if (!row.reminded_at) appointments[index] = { ...row, reminded_at: new Date().toISOString(), reminded_by: viewer.id }
      return appointments[index]!.reminded_at!
    }),
  }
  return api
}
