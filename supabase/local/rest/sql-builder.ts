import { quoteIdentifier } from './identifiers.ts'
import type { Filter, OrderTerm, SelectItem } from './query-params.ts'
import { notSupported } from './rest-error.ts'

/** Collects bound parameters; values never enter the SQL text. */
export class Params {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export function tableName(table: string): string {
  return `"public".${quoteIdentifier(table)}`
}

export function selectList(select: SelectItem[] | '*'): string {
  if (select === '*') return '*'
  return select
    .map(({ column, alias }) => (alias ? `${quoteIdentifier(column)} as ${quoteIdentifier(alias)}` : quoteIdentifier(column)))
    .join(', ')
}

/** Every operator of the grammar has a case; a new one without SQL here fails to compile. */
export function condition(filter: Filter, params: Params): string {
  const column = quoteIdentifier(filter.column)
  const { operator, value } = filter
  const one = () => params.add(value as string)
  switch (operator) {
    case 'eq':
      return `${column} = ${one()}`
    case 'neq':
      return `${column} <> ${one()}`
    case 'gt':
      return `${column} > ${one()}`
    case 'gte':
      return `${column} >= ${one()}`
    case 'lt':
      return `${column} < ${one()}`
    case 'lte':
      return `${column} <= ${one()}`
    case 'like':
    case 'ilike':
      return `${column} ${operator} ${params.add((value as string).replaceAll('*', '%'))}`
    case 'is': {
      const keyword = (value as string).toLowerCase()
      return keyword === 'not_null' ? `${column} is not null` : `${column} is ${keyword}`
    }
    case 'in': {
      const list = value as string[]
      return list.length === 0 ? 'false' : `${column} in (${list.map((v) => params.add(v)).join(', ')})`
    }
    default:
      return unknownOperator(operator)
  }
}

function unknownOperator(operator: never): never {
  throw notSupported(`filter operator ${String(operator)}`)
}

export function whereClause(filters: Filter[], params: Params): string {
  if (filters.length === 0) return ''
  const conditions = filters.map((f) => (f.negate ? `not (${condition(f, params)})` : condition(f, params)))
  return ` where ${conditions.join(' and ')}`
}

export function orderClause(order: OrderTerm[]): string {
  if (order.length === 0) return ''
  const terms = order.map(
    (o) => `${quoteIdentifier(o.column)} ${o.descending ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
  )
  return ` order by ${terms.join(', ')}`
}

/** Renders rows as a JSON array inside Postgres, so values look exactly as PostgREST shows them. */
export function jsonRows(innerSql: string, writeSql?: string): string {
  // A data-modifying CTE must sit at the top level, so the write goes in front of the aggregate.
  const prefix = writeSql ? `with _w as (${writeSql} returning *) ` : ''
  return `${prefix}select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (${innerSql}) _r`
}

/** JSON values bound as text: Postgres converts them to the column type, as PostgREST's json_populate does. */
export function toParam(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}
