/** What every feature api function throws: a code to decide on and a readable message to log or show. */
export class ApiError extends Error {
  readonly code: string

  constructor(code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

/** The codes the app decides on. Database errors keep their SQLSTATE or PostgREST code (23505, PGRST116, ...). */
export const errorCodes = {
  adminAccessRequired: 'admin_access_required',
  notAuthenticated: 'not_authenticated',
  /** The dashboard's change feed dropped: changes may be missed until it listens again. */
  changesDropped: 'changes_dropped',
  /** A change arrived that could not be read (no row, or a row of another shape). */
  changeUnreadable: 'change_unreadable',
  /** A lead's reference_image that does not name an object of the reference-images bucket. */
  notAReferenceImage: 'not_a_reference_image',
  /** The reference image is not stored, or the reader may not see it. */
  referenceImageMissing: 'reference_image_missing',
  /** The browser kept a new tab from opening. */
  tabBlocked: 'tab_blocked',
  insufficientPrivilege: '42501',
  /** The lead already holds an active (scheduled or confirmed) appointment. */
  leadAlreadyBooked: 'lead_already_booked',
  /** A visitor's slot lies past the booking range. */
  bookingTooFarAhead: 'booking_too_far_ahead',
  /** The slot holds as many active bookings as its capacity. */
  slotFull: 'slot_full',
  /** The booking settings do not offer the slot (a closed day, a closure, a time not offered). */
  slotNotOffered: 'slot_not_offered',
  /** A visitor's slot lies sooner than the minimum notice (or in the past). */
  bookingTooSoon: 'booking_too_soon',
  /** A manage link's token is wrong, malformed, or its booking cancelled or over: one answer whatever the reason. */
  linkNotValid: 'link_not_valid',
  /** A visitor's change of a booking within the cut-off before it. */
  tooLateToChange: 'too_late_to_change',
  /** A cancel of a booking already cancelled (two tabs at once, say). */
  alreadyCancelled: 'already_cancelled',
  /** The lead cannot be read (any more): another member took it, or it is gone. */
  leadUnavailable: 'lead_unavailable',
  /** A note older than its editing window. */
  noteLocked: 'note_locked',
  /** A follow-up due in the past, not confirmed as overdue. */
  followUpInPast: 'follow_up_in_past',
  checkViolation: '23514',
} as const

/** What an admin-only read says to a signed-in user without the admin role. */
export const adminAccessRequiredMessage = 'Admin access required. Please contact administrator to assign admin role.'

interface BackendError {
  code?: string | null
  message?: string | null
}

export function toApiError(error: BackendError, fallbackMessage: string): ApiError {
  return new ApiError(error.code || 'unknown', error.message || fallbackMessage)
}

/** The code of whatever was thrown: an ApiError's, or an error object's own string code; '' otherwise. */
export function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  const { code } = error as { code?: unknown }
  return typeof code === 'string' ? code : ''
}
