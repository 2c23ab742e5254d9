import { allOption } from '@/lib/all-option'
import type { AppointmentStatus } from './appointment.schema'

export type AppointmentStatusFilter = AppointmentStatus | typeof allOption

/** What the appointments tab asks the database for: the dashboard's search (the lead's name, phone or email) and the status filter. */
export type AppointmentQuery = {
  search: string
  status: AppointmentStatusFilter
}
