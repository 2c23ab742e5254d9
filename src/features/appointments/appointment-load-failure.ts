import { toaster } from '@/components/ui/toaster'

/** The appointments tab and the calendar say 'Error: Failed to fetch appointments' when the list cannot load. */
export function announceAppointmentLoadFailure(error: unknown) {
  console.error(error)
  toaster.create({ title: 'Error', description: 'Failed to fetch appointments', type: 'error' })
}
