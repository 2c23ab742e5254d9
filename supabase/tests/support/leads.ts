import { noticeColumns, type NoticeRecord } from '../../../src/lib/notice-record.ts'
import { aLeadPayload } from '../../../src/testing/lead-fixtures.ts'

/** A lead as the intake sends it, with a fresh id; `overrides` may break it on purpose. */
export function newLead(overrides: Record<string, unknown> = {}) {
  return Object.assign(aLeadPayload(), overrides)
}

type VisitorLead = ReturnType<typeof aLeadPayload>

/**
 * A lead as the intake sent it before privacy notices (20261129000100_notice_and_consent.sql): for
 * databases migrated to an earlier point, whose leads have no notice columns.
 */
export function newLeadBeforeNotices(overrides: Record<string, unknown> = {}) {
  const lead: Partial<VisitorLead> = aLeadPayload()
  for (const column of noticeColumns) delete lead[column]
  return Object.assign(lead as Omit<VisitorLead, keyof NoticeRecord>, overrides)
}
