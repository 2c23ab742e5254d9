import type { ApiRole } from '../db/as-caller.ts'
import { isDatabaseError, type Database, type SqlSession } from '../db/database.ts'
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

/** The exception hosted's subscription_check_filters raises, as Postgrex renders it. */
class FilterException extends Error {}

/** Hosted's whole message: the join stands, but nothing is subscribed. */
class SubscribeRefusal extends Error {}

function likePattern(name: string): string {
  return name === '*' ? '%' : name
}

async function publishedTables(session: SqlSession, params: ChangeParams): Promise<{ schema: string; table: string }[]> {
  const found = await session.query<{ schema: string; table: string }>(
    `select schemaname as schema, tablename as table from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname like $1 escape '' and tablename like $2 escape ''`,
    [likePattern(params.schema), likePattern(params.table)],
  )
  return found.rows
}

/** As hosted's subscription_check_filters: a column the role may select, a value its type accepts. */
async function resolveFilter(session: SqlSession, role: ApiRole, schema: string, table: string, params: ChangeParams): Promise<ResolvedFilter | undefined> {
  if (!params.filter) return undefined
  const { column, value } = params.filter
  const found = await session.query<{ type: string }>(
    `select format_type(a.atttypid, a.atttypmod) as type from pg_catalog.pg_attribute a
      where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attname = $3 and a.attnum > 0
        and not a.attisdropped and has_column_privilege($4, a.attrelid, a.attnum, 'SELECT')`,
    [schema, table, column, role],
  )
  const type = found.rows[0]?.type
  if (type === undefined) throw new FilterException(`ERROR P0001 (raise_exception) invalid column for filter ${column}`)
  const cast = await session.query<{ value: unknown }>(`select to_jsonb($1::${type}) as value`, [value])
  return { column, value: cast.rows[0]?.value }
}

function exceptionText(error: unknown): string {
  if (error instanceof FilterException) return error.message
  if (isDatabaseError(error)) {
    const name = conditionNames[error.code]
    return `ERROR ${error.code}${name ? ` (${name})` : ''} ${error.message}`
  }
  throw error
}

async function resolve(session: SqlSession, role: ApiRole, id: number, params: ChangeParams): Promise<ChannelSubscription> {
  const tables = await publishedTables(session, params)
  if (tables.length === 0) {
    throw new SubscribeRefusal(`Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described(params)}`)
  }
  const filters = new Map<string, ResolvedFilter | undefined>()
  try {
    for (const { schema, table } of tables) filters.set(tableKey(schema, table), await resolveFilter(session, role, schema, table, params))
  } catch (error) {
    throw new SubscribeRefusal(
      `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described(params)}. Exception: ${exceptionText(error)}`,
    )
  }
  return { id, event: params.event, tables: filters }
}

/**
 * What hosted does when a channel subscribes (Subscriptions.create): each entry covers the tables of
 * the publication it names, and a filter must name a column the role may select; all or nothing.
 */
export async function subscribe(db: Database, role: ApiRole, entries: { id: number; params: ChangeParams }[]): Promise<SubscribeOutcome> {
  try {
    const subscriptions = await db.transaction(async (session) => {
      const resolved: ChannelSubscription[] = []
      for (const { id, params } of entries) resolved.push(await resolve(session, role, id, params))
      return resolved
    })
    return { ok: true, subscriptions }
  } catch (error) {
    if (error instanceof SubscribeRefusal) return { ok: false, message: error.message }
    throw error
  }
}
