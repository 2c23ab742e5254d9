import { quoteLineTexts } from './quote-line-text'
import { shortPercent } from './short-percent'

/** The totals of a priced quote, in paise, as the database answers them. */
export interface QuoteAmounts {
  subtotal_paise: number
  discount_paise: number
  gst_bps: number
  gst_paise: number
  total_paise: number
}

export type QuoteTotalKey = 'subtotal' | 'discount' | 'taxable' | 'gst' | 'total'

/**
 * The rows under a quote's lines, in order: the discount (shown as a negative amount) and the taxable
 * value only when something is discounted. The taxable value is the subtotal less the discounts, as
 * `price_quote` defines it; GST is charged on it.
 */
export function quoteTotalRows(quote: QuoteAmounts): { key: QuoteTotalKey; paise: number }[] {
  const discounted = quote.discount_paise > 0
  return [
    { key: 'subtotal', paise: quote.subtotal_paise },
    ...(discounted
      ? [
          { key: 'discount' as const, paise: -quote.discount_paise },
          { key: 'taxable' as const, paise: quote.subtotal_paise - quote.discount_paise },
        ]
      : []),
    { key: 'gst', paise: quote.gst_paise },
    { key: 'total', paise: quote.total_paise },
  ]
}

/** The lines a quote lists as items: its discounts are listed once, summed, among the totals. */
export function itemLines<Line extends { kind: string }>(lines: readonly Line[]): Line[] {
  return lines.filter((line) => line.kind !== 'discount')
}

/** The dashboard's words for the totals' rows. */
export function quoteTotalLabel(key: QuoteTotalKey, gstBps: number): string {
  switch (key) {
    case 'subtotal':
      return 'Subtotal'
    case 'discount':
      return quoteLineTexts.discount
    case 'taxable':
      return 'Taxable value'
    case 'gst':
      return `GST ${shortPercent(gstBps)}%`
    case 'total':
      return 'Total'
  }
}
