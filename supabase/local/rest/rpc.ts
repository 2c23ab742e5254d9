import type { SqlSession } from '../db/database.ts'
import { isIdentifier, quoteIdentifier } from './identifiers.ts'
import { RestError, badRequest } from './rest-error.ts'
import { Params, toParam } from './sql-builder.ts'

interface FunctionShape {
  returnsSet: boolean
  returnsComposite: boolean
  returnsVoid: boolean
}

async function functionShape(session: SqlSession, name: string, argNames: string[]): Promise<FunctionShape> {
  const found = await session.query(
    `select p.proretset as returns_set, t.typtype in ('c') or t.typname = 'record' as returns_composite,
            t.typname = 'void' as returns_void
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.proname = $1
      order by p.oid
      limit 1`,
    [name],
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
    returnsSet: Boolean(row.returns_set),
    returnsComposite: Boolean(row.returns_composite),
    returnsVoid: Boolean(row.returns_void),
  }
}

export interface RpcResult {
  body: string | undefined
}

/** `POST /rpc/<fn>` with named arguments, answered in the JSON shapes PostgREST gives. */
export async function callFunction(session: SqlSession, name: string, body: unknown): Promise<RpcResult> {
  if (!isIdentifier(name)) throw new RestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`)
  const args = body === undefined ? {} : body
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw badRequest('PGRST102', 'Invalid body: function arguments must be one JSON object')
  }
  const entries = Object.entries(args as Record<string, unknown>)
  for (const [key] of entries) {
    if (!isIdentifier(key)) throw badRequest('PGRST102', `Invalid function argument name "${key}"`)
  }
  const shape = await functionShape(session, name, entries.map(([key]) => key))
  const params = new Params()
  const call = `"public".${quoteIdentifier(name)}(${entries
    .map(([key, value]) => `${quoteIdentifier(key)} => ${params.add(toParam(value))}`)
    .join(', ')})`
  let sql: string
  if (shape.returnsVoid) sql = `select ${call}::text as body`
  else if (shape.returnsSet && shape.returnsComposite) sql = `select coalesce(json_agg(_r), '[]'::json)::text as body from ${call} _r`
  else if (shape.returnsSet) sql = `select coalesce(json_agg(_r.v), '[]'::json)::text as body from ${call} as _r(v)`
  else if (shape.returnsComposite) sql = `select row_to_json(_r)::text as body from ${call} _r`
  else sql = `select to_json(${call})::text as body`
  const result = await session.query(sql, params.values)
  if (shape.returnsVoid) return { body: undefined }
  const value = result.rows[0]?.body
  return { body: value === null || value === undefined ? 'null' : String(value) }
}
