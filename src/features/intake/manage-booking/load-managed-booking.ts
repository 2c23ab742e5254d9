import type { ManagedBooking } from '@/features/scheduling/api/manage-booking-api'
import { loadLanguage } from '../chat/chat-languages'
import { manageLanguageCode } from './manage-language'
import type { LoadedBooking, ManageBookingInput } from './manage-booking.machine'

/** The booking of a manage link's token, with the texts of the page's language (?lang=, else the booking's). */
export async function loadManagedBooking(
  fetchBooking: (token: string) => Promise<ManagedBooking>,
  { token, requestedLanguage }: ManageBookingInput,
): Promise<LoadedBooking> {
  const booking = await fetchBooking(token)
  return { booking, language: await loadLanguage(manageLanguageCode(requestedLanguage, booking.language)) }
}
