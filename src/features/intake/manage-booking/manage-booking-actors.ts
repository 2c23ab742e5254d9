import type { BookableSlot } from '@/features/scheduling/api/scheduling-api'
import type { ManagedBooking } from '@/features/scheduling/api/manage-booking-api'

/** The manage page's I/O: the booking by its token, its changes, and the slots its scheduler offers. */
export interface ManageBookingActors {
  fetchBooking: (token: string) => Promise<ManagedBooking>
  rescheduleBooking: (token: string, slot: string) => Promise<ManagedBooking>
  cancelBooking: (token: string) => Promise<ManagedBooking>
  loadSlots: (fromDate: string, toDate: string) => Promise<BookableSlot[]>
}

/** supabase-js and the apis load on the page's first request, after its first paint. */
const apis = () => import('@/features/scheduling/api')

export const pageActors: ManageBookingActors = {
  fetchBooking: async (token) => (await apis()).manageBookingApi.fetchManagedBooking(token),
  rescheduleBooking: async (token, slot) => (await apis()).manageBookingApi.rescheduleManagedBooking(token, slot),
  cancelBooking: async (token) => (await apis()).manageBookingApi.cancelManagedBooking(token),
  loadSlots: async (fromDate, toDate) => (await apis()).schedulingApi.fetchBookableSlots(fromDate, toDate),
}
