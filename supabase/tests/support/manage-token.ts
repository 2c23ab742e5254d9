import { createHash, randomBytes } from 'node:crypto'

/** The SHA-256 of a manage token as 64 lower-case hex digits, as appointments.manage_token_hash holds it. */
export function manageTokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A visitor's manage token as the chat makes it (32 random bytes, base64url) and its hash. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: manageTokenHashOf(token) }
}

/** The row a visitor inserts to book `slot` for a lead, with a new manage token's hash as the chat sends it. */
export function visitorBooking(leadId: string, slot: string, status = 'scheduled') {
  return { lead_id: leadId, slot_datetime: slot, status, manage_token_hash: newManageToken().hash }
}
