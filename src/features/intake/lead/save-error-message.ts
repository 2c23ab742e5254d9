import { errorCode } from '@/lib/api-error'
import type { SaveErrorKind } from '../flow/flow-vocabulary'
import type { SaveError } from '../machine/intake-types'

const kindByCode: ReadonlyMap<string, SaveErrorKind> = new Map([
  ['23505', 'duplicate'],
  ['23514', 'invalid'],
  ['23502', 'missing'],
  ['PGRST116', 'security'],
  ['42501', 'security'],
])

/** Which of the flow's save-failure messages a lead save error gets (docs/product.md, Lead save errors), by its code (42501 is a row-level security refusal). */
export function saveErrorKind(error: SaveError): SaveErrorKind {
  return kindByCode.get(error.code) ?? 'unexpected'
}

/** Reads `{ code, message }` from whatever the save actor rejected with. */
export function toSaveError(error: unknown): SaveError {
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  return { code: errorCode(error), message: typeof message === 'string' ? message : '' }
}
