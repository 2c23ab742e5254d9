import { toaster } from '@/components/ui/toaster'

/** Spec section 8: the appointments tab and the calendar say 'Error: Failed to fetch appointments'. */
export function announceAppointmentLoadFailure(error: unknown) {
  console.error(error)
  toaster.create({ title: 'Error', description: 'Failed to fetch appointments', type: 'error' })
}
