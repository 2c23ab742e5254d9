import type { SaveErrorKind } from '../flow/flow.schema'
import type { SaveError } from '../machine/intake-types'

/** The spec section 8 messages; the flow file holds the texts the chat shows, these are the reference. */
export const saveErrorMessages: Record<SaveErrorKind, string> = {
  duplicate: 'It looks like your information was already submitted. Please contact us directly if you need assistance.',
  invalid: 'Some of the information provided is invalid. Please check your entries and try again.',
  missing: 'All required fields must be filled. Please check your entries and try again.',
  security: 'There was a security issue saving your information. Please try again or contact us directly.',
  unexpected: 'Sorry, there was an unexpected error. Please try again or contact us directly.',
}

/** Which spec section 8 message a lead save error gets, by code first, then by message. */
export function saveErrorKind(error: SaveError): SaveErrorKind {
  if (error.code === '23505' || error.message.includes('duplicate key')) return 'duplicate'
  if (error.code === '23514') return 'invalid'
  if (error.code === '23502') return 'missing'
  if (error.code === 'PGRST116' || error.message.includes('violates row-level security')) return 'security'
  return 'unexpected'
}

/** Reads `{ code, message }` from whatever the save actor rejected with. */
export function toSaveError(error: unknown): SaveError {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' }
  }
  return { code: '', message: typeof error === 'string' ? error : '' }
}
