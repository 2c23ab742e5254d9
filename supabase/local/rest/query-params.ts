import { isIdentifier } from './identifiers.ts'
import { badRequest, notSupported } from './rest-error.ts'

export const filterOperators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const
export type FilterOperator = (typeof filterOperators)[number]

export interface Filter {
  column: string
  negate: boolean
  operator: FilterOperator
  value: string | string[]
}

export interface OrderTerm {
  column: string
  descending: boolean
  nulls: 'first' | 'last' | undefined
}

export interface SelectItem {
  column: string
  alias: string | undefined
}

export interface TableQuery {
  select: SelectItem[] | '*'
  filters: Filter[]
  order: OrderTerm[]
  limit: number | undefined
  offset: number | undefined
  columns: string[] | undefined
}

/** Accepts `name` or `"name"`; only plain identifiers, so quoting can never be broken out of. */
export function parseIdentifier(raw: string, what: string): string {
  const name = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw
  if (!isIdentifier(name)) throw notSupported(`${what} "${raw}" (only plain column names are spoken)`)
  return name
}

function parseSelect(raw: string | null): SelectItem[] | '*' {
  if (raw === null || raw.trim() === '' || raw.trim() === '*') return '*'
  if (/[()]/.test(raw)) throw notSupported(`embedded resources in select (${raw})`)
  if (raw.includes('...')) throw notSupported(`spread in select (${raw})`)
  if (raw.includes('::')) throw notSupported(`casts in select (${raw})`)
  if (raw.includes('->')) throw notSupported(`JSON paths in select (${raw})`)
  const items = raw.split(',').map((part) => part.trim())
  if (items.includes('*')) {
    if (items.length > 1) throw notSupported(`"*" combined with other columns in select (${raw})`)
    return '*'
  }
  return items.map((item) => {
    const [first, second, ...rest] = item.split(':')
    if (rest.length > 0 || first === undefined) throw notSupported(`select item "${item}"`)
    if (second === undefined) return { column: parseIdentifier(first, 'select column'), alias: undefined }
    return { column: parseIdentifier(second, 'select column'), alias: parseIdentifier(first, 'select alias') }
  })
}

function parseOrder(raw: string | null): OrderTerm[] {
  if (raw === null || raw.trim() === '') return []
  return raw.split(',').map((term) => {
    const [column, ...modifiers] = term.trim().split('.')
    if (column === undefined) throw badRequest('PGRST100', `"failed to parse order (${raw})"`)
    const order: OrderTerm = { column: parseIdentifier(column, 'order column'), descending: false, nulls: undefined }
    for (const modifier of modifiers) {
      if (modifier === 'asc') order.descending = false
      else if (modifier === 'desc') order.descending = true
      else if (modifier === 'nullsfirst') order.nulls = 'first'
      else if (modifier === 'nullslast') order.nulls = 'last'
      else throw badRequest('PGRST100', `"failed to parse order (${raw})"`, `unknown order modifier "${modifier}"`)
    }
    return order
  })
}

function parseCount(name: string, raw: string | null): number | undefined {
  if (raw === null) return undefined
  if (!/^\d{1,9}$/.test(raw)) throw badRequest('PGRST100', `"${name}" must be a non-negative integer, got "${raw}"`)
  return Number(raw)
}

/** PostgREST list syntax: `(a,b,"c,d","e\"f")`. */
export function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw badRequest('PGRST100', `"failed to parse filter (in.${raw})"`, 'in. needs a parenthesised list: in.(a,b)')
  }
  const inner = raw.slice(1, -1)
  const items: string[] = []
  let current = ''
  let quoted = false
  let wasQuoted = false
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]
    if (quoted) {
      if (char === '\\' && i + 1 < inner.length) current += inner[++i]
      else if (char === '"') quoted = false
      else current += char
    } else if (char === '"') {
      quoted = true
      wasQuoted = true
    } else if (char === ',') {
      items.push(wasQuoted ? current : current.trim())
      current = ''
      wasQuoted = false
    } else current += char
  }
  if (quoted) throw badRequest('PGRST100', `"failed to parse filter (in.${raw})"`, 'unterminated quote in list')
  if (inner.trim() !== '' || wasQuoted) items.push(wasQuoted ? current : current.trim())
  return items
}

function parseFilter(column: string, raw: string): Filter {
  if (!isIdentifier(column)) throw notSupported(`filter on "${column}" (only plain column names are spoken)`)
  let rest = raw
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const operator = dot < 0 ? rest : rest.slice(0, dot)
  const value = dot < 0 ? '' : rest.slice(dot + 1)
  if (dot < 0) throw badRequest('PGRST100', `"failed to parse filter (${raw})"`, 'expected <operator>.<value>')
  if (!(filterOperators as readonly string[]).includes(operator)) throw notSupported(`filter operator "${operator}"`)
  const op = operator as FilterOperator
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw badRequest('PGRST100', `"failed to parse filter (${raw})"`, 'is. accepts null, not_null, true, false, unknown')
  }
  return { column, negate, operator: op, value: op === 'in' ? parseList(value) : value }
}

const unsupportedParams: Record<string, string> = {
  or: 'or= filters',
  and: 'and= filters',
  'not.or': 'not.or= filters',
  'not.and': 'not.and= filters',
  on_conflict: 'on_conflict (upsert)',
}

export function parseTableQuery(params: URLSearchParams): TableQuery {
  const query: TableQuery = {
    select: parseSelect(params.get('select')),
    filters: [],
    order: parseOrder(params.get('order')),
    limit: parseCount('limit', params.get('limit')),
    offset: parseCount('offset', params.get('offset')),
    columns: undefined,
  }
  const columns = params.get('columns')
  if (columns !== null) query.columns = columns.split(',').map((c) => parseIdentifier(c.trim(), 'column'))
  for (const [key, value] of params) {
    if (['select', 'order', 'limit', 'offset', 'columns', 'apikey'].includes(key)) continue
    const unsupported = unsupportedParams[key]
    if (unsupported) throw notSupported(unsupported)
    query.filters.push(parseFilter(key, value))
  }
  return query
}
