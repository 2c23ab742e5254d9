import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import { auditEventColumns, auditEventSchema, type AuditEvent } from '../privacy.schema'

/** Rows per read: the hosted API's cap, so every page is one request. */
export const auditPageSize = 1000

export function createAuditApi(client: SupabaseClient) {
  /** The newest events before `beforeId` (the newest of all without it), newest first. */
  async function fetchAuditPage(beforeId: number | null, limit = 50): Promise<AuditEvent[]> {
    let query = client.from('audit_events').select(auditEventColumns).order('id', { ascending: false }).limit(limit)
    if (beforeId !== null) query = query.lt('id', beforeId)
    const { data, error } = await query
    if (error) throw toApiError(error, 'Failed to read the audit log')
    return z.array(auditEventSchema).parse(data)
  }

  /** Every event, oldest first, read page by page by id (the API answers at most 1,000 rows a request). */
  async function fetchAllAuditEvents(signal?: AbortSignal): Promise<AuditEvent[]> {
    const events: AuditEvent[] = []
    for (;;) {
      let query = client.from('audit_events').select(auditEventColumns).order('id').limit(auditPageSize)
      if (events.length > 0) query = query.gt('id', events.at(-1)!.id)
      if (signal) query = query.abortSignal(signal)
      const { data, error } = await query
      if (error) throw toApiError(error, 'Failed to read the audit log')
      const page = z.array(auditEventSchema).parse(data)
      if (page.length === 0) return events
      events.push(...page)
    }
  }

  return { fetchAuditPage, fetchAllAuditEvents }
}

export type AuditApi = ReturnType<typeof createAuditApi>
