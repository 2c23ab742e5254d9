import { RestError } from './rest-error.ts'

export interface RangeAnswer {
  status: 200 | 206
  headers: { 'Content-Range': string }
}

/** `<first>-<last>/<total>`, `*` for an empty range or an unknown total. */
export function contentRange(offset: number, pageCount: number, total: number | undefined): string {
  const range = pageCount > 0 && total !== 0 ? `${offset}-${offset + pageCount - 1}` : '*'
  return `${range}/${total ?? '*'}`
}

/**
 * Status and Content-Range of a read, as PostgREST's rangeStatusHeader gives them: with a count,
 * 206 for a page smaller than the total and 416 (PGRST103) for an offset beyond it; else 200.
 */
export function rangeAnswer(offset: number, pageCount: number, total: number | undefined): RangeAnswer {
  const headers = { 'Content-Range': contentRange(offset, pageCount, total) }
  if (total === undefined) return { status: 200, headers }
  if (offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      headers,
    )
  }
  return { status: pageCount < total ? 206 : 200, headers }
}
