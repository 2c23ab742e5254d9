/**
 * What the chat-recording functions accept (supabase/migrations/20261122001300_chat_sessions.sql),
 * applied before sending, so a value the database would refuse is cut or dropped rather than losing
 * the whole call.
 */

export type DeviceClass = 'phone' | 'desktop'

/** A chat's first-visit details, as the page read them. */
export interface ChatLanding {
  flowVersion: string
  device: DeviceClass
  utmSource?: string | null
  utmMedium?: string | null
  utmCampaign?: string | null
  referrerHost?: string | null
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const stepIdShape = /^[a-z][a-z0-9_]{0,63}$/
const referrerHostShape = /^[a-z0-9.:[\]-]{1,253}$/
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && uuidShape.test(value)
}

/** The flow file's version: only letters, digits, '.', '_' and '-', at most 64; 'unknown' if nothing is left. */
export function cleanFlowVersion(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 64) || 'unknown'
}

/** A utm value: control characters removed, trimmed, at most 200 characters; null when blank. */
export function cleanUtm(value: string | null | undefined): string | null {
  const cleaned = [...(value ?? '').replace(controlCharacters, '').trim()].slice(0, 200).join('').trim()
  return cleaned === '' ? null : cleaned
}

/** A referrer's host (with its port), lower-case; null when it is not a plain host name or address. */
export function cleanReferrerHost(value: string | null | undefined): string | null {
  const host = (value ?? '').trim().toLowerCase()
  return referrerHostShape.test(host) ? host : null
}

/** A step id as the database takes it; null for an id it would refuse. */
export function cleanStepId(value: string): string | null {
  const id = value.slice(0, 64)
  return stepIdShape.test(id) ? id : null
}
