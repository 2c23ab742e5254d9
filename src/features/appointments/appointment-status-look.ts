import type { AppointmentStatus } from './appointment.schema'

/** scheduled gold, confirmed blue, completed green, cancelled red, no-show grey. */
export const appointmentStatusPalette: Record<AppointmentStatus, string> = {
  scheduled: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'red',
  'no-show': 'gray',
}
