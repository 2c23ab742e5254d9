import type { ApiRole } from '../db/as-caller.ts'
import type { Database } from '../db/database.ts'
import type { ChangeParams } from './postgres-changes-params.ts'

/** A filter with its value as that column's JSON (`to_jsonb`), so a change's value compares with it. */
export interface ResolvedFilter {
  column: string
  value: unknown
}

/** One `postgres_changes` of a joined channel, resolved to the tables of the publication it covers. */
export interface ChannelSubscription {
  /** Sent in the join reply; a change message lists the ids it is for. */
  id: number
  event: ChangeParams['event']
  /** By `schema.table`. */
  tables: Map<string, ResolvedFilter | undefined>
}

export type SubscribeOutcome = { ok: true; subscriptions: ChannelSubscription[] } | { ok: false; message: string }

export function tableKey(schema: string, table: string): string {
  return `${schema}.${table}`
}

/** SQLSTATE names Postgrex puts in its messages, for the errors a filter value can cause. */
const conditionNames: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
}

/** Hosted's rendering of the parameters in its subscribe errors. */
function described(params: ChangeParams): string {
  const filters = params.filter ? `[{${JSON.stringify(params.filter.column)}, "eq", ${JSON.stringify(params.filter.value)}, false}]` : '[]'
  return `[event: ${params.event}, schema: ${params.schema}, table: ${params.table}, filters: ${filters}, select: nil]`
}

/** An entry as local_backend.realtime_resolve_changes (realtime.sql) reads it. */
function asResolverEntry(params: ChangeParams): object {
  const { schema, table, filter } = params
  return filter ? { schema, table, column: filter.column, value: filter.value } : { schema, table }
}

type ResolvedEntry =
  | { tables: { schema: string; table: string; value: unknown }[] }
  | { failed: 'no_tables' }
  | { failed: 'filter'; code: string; message: string }

/** Hosted's message when an entry cannot be subscribed: no table of the publication, or a filter hosted's subscription_check_filters refuses. */
function refusalMessage(failure: Exclude<ResolvedEntry, { tables: unknown }>, params: ChangeParams): string {
  if (failure.failed === 'no_tables') {
    return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described(params)}`
  }
  const name = conditionNames[failure.code]
  const exception = `ERROR ${failure.code}${name ? ` (${name})` : ''} ${failure.message}`
  return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described(params)}. Exception: ${exception}`
}

/**
 * What hosted does when a channel subscribes (Subscriptions.create): each entry covers the tables of
 * the publication it names, and a filter must name a column the role may select; all or nothing.
 */
export async function subscribe(db: Database, role: ApiRole, entries: { id: number; params: ChangeParams }[]): Promise<SubscribeOutcome> {
  const answer = await db.transaction((session) =>
    session.query<{ resolved: ResolvedEntry[] }>('select local_backend.realtime_resolve_changes($1, $2::text::jsonb) as resolved', [
      role,
      JSON.stringify(entries.map(({ params }) => asResolverEntry(params))),
    ]),
  )
  const resolved = answer.rows[0]?.resolved ?? []
  const subscriptions: ChannelSubscription[] = []
  for (const [index, { id, params }] of entries.entries()) {
    const entry = resolved[index]
    if (!entry) throw new Error(`local_backend.realtime_resolve_changes answered ${resolved.length} of ${entries.length} entries`)
    if ('failed' in entry) return { ok: false, message: refusalMessage(entry, params) }
    const tables = new Map(entry.tables.map(({ schema, table, value }) => [tableKey(schema, table), params.filter ? { column: params.filter.column, value } : undefined]))
    subscriptions.push({ id, event: params.event, tables })
  }
  return { ok: true, subscriptions }
}
