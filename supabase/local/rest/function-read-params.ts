/** Every operator PostgREST's filter grammar knows, so a value starting with one is a filter. */
const operatorExpression =
  /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|cs|cd|ov|sl|sr|nxr|nxl|adj|fts|plfts|phfts|wfts)(\([^)]*\))?\./

const modifierKeys = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'and', 'or', 'apikey'])

export interface FunctionReadParams {
  args: Record<string, string>
  /** What is left: select, order, limit, offset and filters, read like a table's query string. */
  tableParams: URLSearchParams
}

/**
 * A GET or HEAD on `/rpc/<fn>` names the function's arguments in the query string beside the
 * filters: as PostgREST reads it, a parameter whose value is an operator expression (`eq.x`,
 * `not.in.(a,b)`) is a filter, any other is an argument. So an argument value such as `eq.x`
 * needs POST.
 */
export function splitFunctionReadParams(params: URLSearchParams): FunctionReadParams {
  const args: Record<string, string> = {}
  const tableParams = new URLSearchParams()
  for (const [key, value] of params) {
    if (modifierKeys.has(key) || operatorExpression.test(value)) tableParams.append(key, value)
    else args[key] = value
  }
  return { args, tableParams }
}
