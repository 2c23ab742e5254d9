const countFormat = new Intl.NumberFormat('en-IN')
const decimalFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 })

/** '1,00,000'. */
export const formatCount = (count: number) => countFormat.format(count)

/** '33.3%'; '—' without a figure. */
export const formatPercent = (pct: number | null) => (pct === null ? '—' : `${decimalFormat.format(pct)}%`)

/** '2.5 s', '2 min 3 s'; '—' without a figure. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—'
  if (seconds < 60) return `${decimalFormat.format(seconds)} s`
  const minutes = Math.floor(seconds / 60)
  const rest = Math.round(seconds - minutes * 60)
  return rest === 0 ? `${countFormat.format(minutes)} min` : `${countFormat.format(minutes)} min ${rest} s`
}

/** A source as the sources table names it: the row of the other sources (always several) says how many it holds. */
export function sourceName(row: { source: string | null; other_sources: number }): string {
  return row.source ?? `Other (${formatCount(row.other_sources)} sources)`
}
