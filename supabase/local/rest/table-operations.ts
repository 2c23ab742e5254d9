import type { SqlSession } from '../db/database.ts'
import { badRequest } from './rest-error.ts'
import type { Preferences } from './prefer.ts'
import type { TableQuery } from './query-params.ts'
import { isIdentifier, quoteIdentifier } from './identifiers.ts'
import { cappedLimit } from './max-rows.ts'
import { jsonRows, orderClause, Params, selectList, tableName, toParam, whereClause } from './sql-builder.ts'

export interface RowsResult {
  body: string
  count: number
  total: number | undefined
}

const maxBoundValues = 30_000

/** A body key that cannot be a column name is answered like PostgREST answers an unknown column. */
function columnName(key: string, table: string): string {
  if (!isIdentifier(key)) throw badRequest('PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`)
  return key
}

async function rows(session: SqlSession, sql: string, params: Params, writeSql?: string): Promise<{ body: string; count: number }> {
  const result = await session.query(jsonRows(sql, writeSql), params.values)
  const row = result.rows[0] ?? { body: '[]', n: 0 }
  return { body: String(row.body), count: Number(row.n) }
}

async function countRows(session: SqlSession, sql: string, params: Params): Promise<number> {
  const counted = await session.query(`select count(*)::int as n from (${sql}) _r`, params.values)
  return Number(counted.rows[0]?.n ?? 0)
}

/** The rows a page of `total` rows holds, from `offset`, at most `limit`. */
function pageSize(total: number, limit: number, query: TableQuery): number {
  return Math.max(0, Math.min(limit, total - (query.offset ?? 0)))
}

/** What a read selects from: a table or view, or a set-returning function call, with its bound values. */
export interface RowSource {
  sql: string
  params: Params
}

export function tableSource(table: string): RowSource {
  return { sql: tableName(table), params: new Params() }
}

/**
 * A read; `headersOnly` (HEAD) counts the page's rows without rendering them. At most `maxRows` rows,
 * as hosted's db-max-rows; a count is of every matching row, so Content-Range shows what was cut.
 */
export async function selectRows(
  session: SqlSession,
  source: RowSource,
  query: TableQuery,
  prefer: Preferences,
  headersOnly = false,
): Promise<RowsResult> {
  const { params } = source
  const where = whereClause(query.filters, params)
  const limit = cappedLimit(query.limit)
  let sql = `select ${selectList(query.select)} from ${source.sql}${where}${orderClause(query.order)} limit ${limit}`
  if (query.offset !== undefined) sql += ` offset ${query.offset}`
  const total = prefer.countExact ? await countRows(session, `select 1 from ${source.sql}${where}`, params) : undefined
  // HEAD with count=exact: the page's size follows from the total, so the rows are counted once (as PostgREST does).
  const headCount = async () => (total === undefined ? countRows(session, sql, params) : pageSize(total, limit, query))
  const found = headersOnly ? { body: '', count: await headCount() } : await rows(session, sql, params)
  return { ...found, total }
}

function insertRowsOf(body: unknown): Record<string, unknown>[] {
  const list = Array.isArray(body) ? body : [body]
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw badRequest('PGRST102', 'Invalid body: expected a JSON object or an array of objects')
    }
  }
  return list as Record<string, unknown>[]
}

function sameKeys(rowsToInsert: Record<string, unknown>[]): string[] {
  const first = Object.keys(rowsToInsert[0] ?? {})
  const key = [...first].sort().join('\u0000')
  if (rowsToInsert.some((row) => Object.keys(row).sort().join('\u0000') !== key)) {
    throw badRequest('PGRST102', 'All object keys must match')
  }
  return first
}

export async function insertRows(
  session: SqlSession,
  table: string,
  body: unknown,
  query: TableQuery,
  prefer: Preferences,
): Promise<RowsResult | undefined> {
  const rowsToInsert = insertRowsOf(body)
  const columns = (query.columns ?? sameKeys(rowsToInsert)).map((c) => columnName(c, table))
  if (rowsToInsert.length * Math.max(columns.length, 1) > maxBoundValues) {
    throw badRequest('PGRST102', `Too many values in one insert (more than ${maxBoundValues}); send fewer rows per request`)
  }
  if (rowsToInsert.length === 0) return prefer.returnRepresentation ? { body: '[]', count: 0, total: 0 } : undefined
  const params = new Params()
  let insert: string
  if (columns.length === 0) {
    if (rowsToInsert.length > 1) throw badRequest('PGRST102', 'Cannot insert several rows without any column')
    insert = `insert into ${tableName(table)} default values`
  } else {
    const values = rowsToInsert.map(
      (row) =>
        `(${columns
          .map((c) => {
            if (Object.hasOwn(row, c)) return params.add(toParam(row[c]))
            return prefer.missingDefault ? 'default' : 'null'
          })
          .join(', ')})`,
    )
    insert = `insert into ${tableName(table)} (${columns.map(quoteIdentifier).join(', ')}) values ${values.join(', ')}`
  }
  if (!prefer.returnRepresentation) {
    const result = await session.query(insert, params.values)
    return prefer.countExact ? { body: '', count: result.affectedRows, total: result.affectedRows } : undefined
  }
  const found = await rows(session, `select ${selectList(query.select)} from _w`, params, insert)
  return { ...found, total: found.count }
}

function requireFilters(query: TableQuery, verb: 'UPDATE' | 'DELETE'): void {
  if (query.filters.length === 0) throw badRequest('21000', `${verb} requires a WHERE clause`, null)
}

export async function updateRows(
  session: SqlSession,
  table: string,
  body: unknown,
  query: TableQuery,
  prefer: Preferences,
): Promise<RowsResult> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('PGRST102', 'Invalid body: PATCH expects one JSON object')
  }
  requireFilters(query, 'UPDATE')
  const entries = Object.entries(body as Record<string, unknown>)
  if (entries.length === 0) return { body: '[]', count: 0, total: 0 }
  const params = new Params()
  const assignments = entries.map(([column, value]) => `${quoteIdentifier(columnName(column, table))} = ${params.add(toParam(value))}`)
  const update = `update ${tableName(table)} set ${assignments.join(', ')}${whereClause(query.filters, params)}`
  if (!prefer.returnRepresentation) {
    const result = await session.query(update, params.values)
    return { body: '', count: result.affectedRows, total: result.affectedRows }
  }
  const found = await rows(session, `select ${selectList(query.select)} from _w`, params, update)
  return { ...found, total: found.count }
}

export async function deleteRows(session: SqlSession, table: string, query: TableQuery, prefer: Preferences): Promise<RowsResult> {
  requireFilters(query, 'DELETE')
  const params = new Params()
  const remove = `delete from ${tableName(table)}${whereClause(query.filters, params)}`
  if (!prefer.returnRepresentation) {
    const result = await session.query(remove, params.values)
    return { body: '', count: result.affectedRows, total: result.affectedRows }
  }
  const found = await rows(session, `select ${selectList(query.select)} from _w`, params, remove)
  return { ...found, total: found.count }
}
