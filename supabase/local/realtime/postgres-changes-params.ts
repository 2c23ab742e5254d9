/** One `postgres_changes` entry of a join, as the server reads it: hosted's subset minus what is not spoken. */
export interface ChangeParams {
  /** `*` for any. */
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  /** `*` matches any schema or table. */
  schema: string
  table: string
  filter?: EqualityFilter
}

export interface EqualityFilter {
  column: string
  /** As written after `eq.`, PostgREST-style quotes removed. */
  value: string
}

/**
 * `unsupported` names a feature hosted speaks and the local backend does not (refused at join);
 * `malformed` is hosted's own complaint about the parameters (a system message after the join).
 */
export type ParamsRead = { ok: true; params: ChangeParams } | { ok: false; unsupported: string } | { ok: false; malformed: string }

/** Every operator hosted accepts in a filter; only `eq` is spoken here. */
const hostedOperators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct']

function listenedEvent(value: unknown): ChangeParams['event'] {
  const upper = typeof value === 'string' ? value.toUpperCase() : '*'
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

/** A comma outside double quotes and parentheses joins two filters. */
function joinsFilters(filter: string): boolean {
  let quoted = false
  let depth = 0
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i]
    if (quoted) {
      if (char === '\\') i++
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(') depth++
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (char === ',' && depth === 0) return true
  }
  return false
}

/** `"a,b"` -> `a,b` (a backslash keeps the next character); anything else stays as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value
  let unquoted = ''
  for (let i = 1; i < value.length; i++) {
    let char = value[i]
    if (char === '"') return i === value.length - 1 ? unquoted : value
    if (char === '\\') char = value[++i]
    if (char === undefined) return value
    unquoted += char
  }
  return value
}

function listed(parts: string[]): string {
  return `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`
}

type FilterRead = { ok: true; filter: EqualityFilter | undefined } | { ok: false; unsupported: string } | { ok: false; malformed: string }

function readFilter(text: string): FilterRead {
  const filter = text.trim()
  if (filter === '') return { ok: true, filter: undefined }
  if (joinsFilters(filter)) return { ok: false, unsupported: 'postgres_changes filters joined with commas' }
  const split = filter.indexOf('=')
  if (split < 0) return { ok: false, malformed: `Error parsing \`filter\` params: ${listed([filter])}` }
  const column = filter.slice(0, split)
  const rest = filter.slice(split + 1)
  if (rest.startsWith('not.')) return { ok: false, unsupported: 'postgres_changes filter negation (not.)' }
  const dot = rest.indexOf('.')
  if (dot < 0) return { ok: false, malformed: `Error parsing \`filter\` params: ${listed([rest])}` }
  const operator = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  if (!hostedOperators.includes(operator)) return { ok: false, malformed: `Error parsing \`filter\` params: ${listed([operator, value])}` }
  if (operator !== 'eq') return { ok: false, unsupported: `postgres_changes filter operator ${operator}` }
  return { ok: true, filter: { column, value: unquote(value) } }
}

function noParams(params: unknown): ParamsRead {
  return {
    ok: false,
    malformed: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
  }
}

/** Hosted's reading (Subscriptions.parse_subscription_params): schema and table, schema alone, or table alone in `public`. */
export function readChangeParams(params: unknown): ParamsRead {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return noParams(params)
  const { event, schema, table, filter, select } = params as Record<string, unknown>
  if (select !== undefined && select !== null) return { ok: false, unsupported: 'postgres_changes select (column lists)' }
  const has = (value: unknown) => value !== undefined
  if (typeof schema === 'string' && typeof table === 'string' && (typeof filter === 'string' || !has(filter))) {
    const read = readFilter(typeof filter === 'string' ? filter : '')
    if (!read.ok) return read
    return { ok: true, params: { event: listenedEvent(event), schema, table, filter: read.filter } }
  }
  if (typeof schema === 'string' && !has(table) && !has(filter)) {
    return { ok: true, params: { event: listenedEvent(event), schema, table: '*' } }
  }
  if (typeof table === 'string' && !has(schema) && !has(filter)) {
    return { ok: true, params: { event: listenedEvent(event), schema: 'public', table } }
  }
  return noParams(params)
}
