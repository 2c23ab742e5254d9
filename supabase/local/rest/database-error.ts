import { isDatabaseError } from '../db/database.ts'
import type { ApiRole } from '../db/as-caller.ts'
import { customRestError } from './custom-error.ts'
import { RestError } from './rest-error.ts'

const statusBySqlState: Record<string, number> = {
  '23505': 409,
  '23503': 409,
  '42P01': 404,
  '42883': 404,
  '25006': 405,
  '53400': 500,
  '57014': 500,
}

/** SQLSTATE to HTTP status the way PostgREST maps them, custom errors (PGRST, PTxyz) included. */
export function restErrorFromDatabase(error: unknown, role: ApiRole): RestError | undefined {
  if (!isDatabaseError(error)) return undefined
  const custom = customRestError(error)
  if (custom) return custom
  let status = statusBySqlState[error.code] ?? 400
  if (error.code === '42501') status = role === 'anon' ? 401 : 403
  if (error.code.startsWith('08') || error.code.startsWith('53')) status = 503
  if (error.code.startsWith('XX')) status = 500
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
}
