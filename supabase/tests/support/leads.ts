import { aLeadPayload } from '../../../src/testing/lead-fixtures.ts'

/** A lead as the intake sends it, with a fresh id; `overrides` may break it on purpose. */
export function newLead(overrides: Record<string, unknown> = {}) {
  return Object.assign(aLeadPayload(), overrides)
}
