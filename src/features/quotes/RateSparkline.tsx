import type { MetalRate } from './quote.schema'

const width = 240
const height = 48

/** A metal's latest rates as a small line, oldest on the left; nothing for fewer than two rates. */
export function RateSparkline({ history, label }: { history: readonly MetalRate[]; label: string }) {
  if (history.length < 2) return null
  const values = [...history].reverse().map((entry) => entry.rate_paise_per_gram)
  const low = Math.min(...values)
  const span = Math.max(...values) - low || 1
  const points = values.map((value, index) => `${((index / (values.length - 1)) * width).toFixed(1)},${(height - 4 - ((value - low) / span) * (height - 8)).toFixed(1)}`)
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
