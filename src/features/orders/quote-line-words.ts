import { formatRupees } from '@/lib/rupees'
import type { QuoteLine } from './api/order.schema'

/** Thousandths as a decimal without trailing zeros (milligrams as grams, milli-carats as carats): 4250 → '4.25'. */
function thousandths(value: number): string {
  const fraction = String(value % 1000).padStart(3, '0').replace(/0+$/, '')
  return fraction ? `${Math.trunc(value / 1000)}.${fraction}` : String(Math.trunc(value / 1000))
}

/** A priced line in the dashboard's words. */
export function quoteLineWords(line: QuoteLine): string {
  switch (line.kind) {
    case 'metal':
      return `${line.label ?? 'Metal'}, ${thousandths(line.weight_mg ?? 0)} g at ${formatRupees(line.rate_paise_per_gram ?? 0)}/g`
    case 'making':
      return 'Making charges'
    case 'stone': {
      const carat = line.carat_mct ? ` ${thousandths(line.carat_mct)} ct` : ''
      const certificate = line.certificate ? `, certificate ${line.certificate}` : ''
      return `${line.stone_type ?? 'Stone'}${carat} × ${line.count ?? 1}${certificate}`
    }
    case 'discount':
      return 'Discount'
    default:
      return line.label ?? line.kind
  }
}

/** Basis points as a percentage: 300 → '3%'. */
export function percentWords(basisPoints: number): string {
  const fraction = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '')
  return `${Math.trunc(basisPoints / 100)}${fraction ? `.${fraction}` : ''}%`
}
