import { isDatabaseError } from '../db/database.ts'
import type { ApiRole } from '../db/as-caller.ts'

/** A PostgREST-shaped error answer: `{code, message, details, hint}` with its HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }

  get body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export function notSupported(feature: string): RestError {
  return new RestError(501, 'LOCAL501', `Not supported by the local backend: ${feature}`)
}

export function badRequest(code: string, message: string, details: string | null = null): RestError {
  return new RestError(400, code, message, details)
}

const statusBySqlState: Record<string, number> = {
  '23505': 409,
  '23503': 409,
  '42P01': 404,
  '42883': 404,
  '25006': 405,
  '53400': 500,
  '57014': 500,
}

/** SQLSTATE to HTTP status the way PostgREST maps them. */
export function restErrorFromDatabase(error: unknown, role: ApiRole): RestError | undefined {
  if (!isDatabaseError(error)) return undefined
  let status = statusBySqlState[error.code] ?? 400
  if (error.code === '42501') status = role === 'anon' ? 401 : 403
  if (error.code.startsWith('08') || error.code.startsWith('53')) status = 503
  if (error.code.startsWith('XX')) status = 500
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
}
