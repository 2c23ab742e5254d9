/** Hosted PostgREST's `db-max-rows`: a read answers at most this many rows, whatever its limit or Range asks. */
export const maxRows = 1000

/** The rows a read may answer: its own limit, at most `maxRows`. */
export function cappedLimit(limit: number | undefined): number {
  return Math.min(limit ?? maxRows, maxRows)
}
