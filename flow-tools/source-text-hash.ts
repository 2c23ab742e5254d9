import { createHash } from 'node:crypto'

/** What a translation's `from` holds: 8 lowercase hex digits. */
export const sourceTextHashPattern = /^[0-9a-f]{8}$/

/**
 * The short fingerprint a translation records of the English text it was made from: the first 8 hex
 * digits of the SHA-256 of the exact text. When the English changes, its fingerprint does too.
 */
export function sourceTextHash(english: string): string {
  return createHash('sha256').update(english, 'utf8').digest('hex').slice(0, 8)
}
