import { errorCodes } from '@/lib/api-error'
import type { SchedulerCardTexts } from '../flow/flow-texts.schema'

/** A booking the database refused for a reason the scheduler card explains, named as the card's text that says so. */
export type BookingRefusal = keyof Pick<SchedulerCardTexts, 'slot_taken' | 'not_offered' | 'too_soon' | 'already_booked' | 'too_far_ahead'>

/** The database's code for each refusal. */
export const bookingRefusalCodes: Record<BookingRefusal, string> = {
  slot_taken: errorCodes.slotFull,
  not_offered: errorCodes.slotNotOffered,
  too_soon: errorCodes.bookingTooSoon,
  already_booked: errorCodes.leadAlreadyBooked,
  too_far_ahead: errorCodes.bookingTooFarAhead,
}

export const bookingRefusals = Object.keys(bookingRefusalCodes) as BookingRefusal[]
