import { bpsToPercent, withoutTrailingZeros } from './decimal-input'

/** Basis points as a percentage without trailing zeros: 300 → '3', 1250 → '12.5', 1000 → '10'. */
export function shortPercent(bps: number): string {
  return withoutTrailingZeros(bpsToPercent(bps))
}
