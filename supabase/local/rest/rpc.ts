import type { Database, SqlSession } from '../db/database.ts'
import { isIdentifier, quoteIdentifier } from './identifiers.ts'
import { maxRows } from './max-rows.ts'
import type { Preferences } from './prefer.ts'
import type { TableQuery } from './query-params.ts'
import { RestError, badRequest, notSupported } from './rest-error.ts'
import { Params, toParam } from './sql-builder.ts'
import { selectRows, type RowsResult } from './table-operations.ts'

/** What PostgREST's schema cache knows of a function: how to answer its result, and whether it may write. */
export interface FunctionShape {
  name: string
  returnsSet: boolean
  returnsComposite: boolean
  returnsVoid: boolean
  /** STABLE or IMMUTABLE: PostgREST calls it in a read-only transaction, whatever the method. */
  readOnly: boolean
  /** The type of each argument that takes an array (`text[]`), by name. */
  arrayArguments: Record<string, string>
}

/** The function `public.<name>`, looked up before the request's transaction as PostgREST looks it up in its schema cache. */
export async function findFunction(db: Database, name: string, argNames: string[]): Promise<FunctionShape> {
  if (!isIdentifier(name)) throw new RestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`)
  const found = await db.transaction((session) =>
    session.query(
      `select p.proretset as returns_set, t.typtype in ('c') or t.typname = 'record' as returns_composite,
            t.typname = 'void' as returns_void, p.provolatile <> 'v' as read_only,
            (select coalesce(jsonb_object_agg(a.name, format_type(a.type, null)), '{}')
               from unnest(p.proargnames, coalesce(p.proallargtypes, p.proargtypes::oid[]),
                           coalesce(p.proargmodes, array_fill('i'::"char", array[coalesce(cardinality(p.proargnames), 0)]))) as a(name, type, mode)
               join pg_type at on at.oid = a.type
              where a.mode in ('i', 'b') and at.typcategory = 'A') as array_arguments
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.proname = $1
      order by p.oid
      limit 1`,
      [name],
    ),
  )
  const row = found.rows[0]
  if (!row) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${argNames.join(', ')}) in the schema cache`,
      null,
      null,
    )
  }
  return {
    name,
    returnsSet: Boolean(row.returns_set),
    returnsComposite: Boolean(row.returns_composite),
    returnsVoid: Boolean(row.returns_void),
    readOnly: Boolean(row.read_only),
    arrayArguments: (row.array_arguments ?? {}) as Record<string, string>,
  }
}

/**
 * An argument as the call passes it. A JSON array for an array argument becomes that array, as
 * PostgREST reads one (json_to_record); any other value goes as text for Postgres to read.
 */
function argument(params: Params, value: unknown, arrayType: string | undefined): string {
  if (arrayType === undefined || !Array.isArray(value)) return params.add(toParam(value))
  return `(select _a.v from json_to_record(json_build_object('v', ${params.add(JSON.stringify(value))}::json)) as _a(v ${arrayType}))`
}

export interface FunctionCall {
  /** Named arguments, from `functionArguments`. */
  args: [string, unknown][]
  query: TableQuery
  prefer: Preferences
  headersOnly: boolean
}

/**
 * A function returning a set of rows is read like a table (filters, select, order, limit, offset,
 * count); any other answers one JSON value (`undefined` for void) and takes no modifiers.
 */
export type FunctionResult = { kind: 'rows'; rows: RowsResult } | { kind: 'value'; body: string | undefined; count: number; status?: number }

/**
 * The status a function chose with `set_config('response.status', '<code>', true)`, as PostgREST
 * answers it (the transaction still commits); undefined when unset or not a status code.
 */
async function chosenStatus(session: SqlSession): Promise<number | undefined> {
  const result = await session.query("select current_setting('response.status', true) as status")
  const chosen = Number(result.rows[0]?.status ?? '')
  return Number.isInteger(chosen) && chosen >= 100 && chosen <= 599 ? chosen : undefined
}

/** The JSON body of a POST, or the arguments a GET/HEAD names in its query string, as named arguments. */
export function functionArguments(body: unknown): [string, unknown][] {
  const args = body === undefined ? {} : body
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw badRequest('PGRST102', 'Invalid body: function arguments must be one JSON object')
  }
  const entries = Object.entries(args as Record<string, unknown>)
  for (const [key] of entries) {
    if (!isIdentifier(key)) throw badRequest('PGRST102', `Invalid function argument name "${key}"`)
  }
  return entries
}

function hasModifiers(query: TableQuery): boolean {
  return query.select !== '*' || query.filters.length > 0 || query.order.length > 0 || query.limit !== undefined || query.offset !== undefined
}

/** The query answering a function that does not return rows: one JSON value, a set of scalars capped at `maxRows`. */
function valueQuery(call: string, shape: FunctionShape): string {
  if (shape.returnsVoid) return `select ${call}::text as body, 1 as n`
  if (shape.returnsSet) {
    return `select coalesce(json_agg(_r.v), '[]'::json)::text as body, count(*)::int as n from (select * from ${call} limit ${maxRows}) as _r(v)`
  }
  if (shape.returnsComposite) return `select row_to_json(_r)::text as body, 1 as n from ${call} _r`
  return `select to_json(${call})::text as body, 1 as n`
}

async function callForValue(session: SqlSession, call: string, params: Params, shape: FunctionShape): Promise<FunctionResult> {
  const sql = valueQuery(call, shape)
  const result = await session.query(sql, params.values)
  const row = result.rows[0]
  const count = Number(row?.n ?? 1)
  const status = await chosenStatus(session)
  if (shape.returnsVoid) return { kind: 'value', body: undefined, count, status }
  const value = row?.body
  return { kind: 'value', body: value === null || value === undefined ? 'null' : String(value), count, status }
}

/** `/rpc/<fn>` with named arguments, answered in the shapes PostgREST gives. */
export async function callFunction(session: SqlSession, shape: FunctionShape, request: FunctionCall): Promise<FunctionResult> {
  const { name } = shape
  const { query } = request
  const params = new Params()
  const call = `"public".${quoteIdentifier(name)}(${request.args
    .map(([key, value]) => `${quoteIdentifier(key)} => ${argument(params, value, shape.arrayArguments[key])}`)
    .join(', ')})`
  if (shape.returnsSet && shape.returnsComposite) {
    return { kind: 'rows', rows: await selectRows(session, { sql: `${call} as _t`, params }, query, request.prefer, request.headersOnly) }
  }
  if (hasModifiers(query)) {
    throw notSupported(`select, filters, order, limit or offset on public.${name}, which does not return a set of rows`)
  }
  return callForValue(session, call, params, shape)
}
