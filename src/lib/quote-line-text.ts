import { mctToCarats, mgToGrams } from './decimal-input'
import { formatRupees } from './rupees'
import { shortPercent } from './short-percent'
import type { StoredQuoteLine } from './stored-quote-line.schema'

/** The fields of a priced quote line that its words use. */
export type QuoteLineFacts = Omit<StoredQuoteLine, 'amount_paise'>

/** The dashboard's words for the kinds of line that have no name of their own. */
export const quoteLineTexts = {
  making: 'Making charges',
  discount: 'Discount',
  percentOfMetal: (percent: string) => `${percent}% of metal`,
  caratsEach: (carats: string) => `${carats} ct each`,
} as const

/** A priced line in words, for the printed quote and the order summary: what it is and how its amount came about. */
export function quoteLineText(line: QuoteLineFacts): { item: string; detail: string } {
  switch (line.kind) {
    case 'metal':
      return { item: line.label ?? line.metal ?? '', detail: `${mgToGrams(line.weight_mg ?? 0)} g × ${formatRupees(line.rate_paise_per_gram ?? 0)}/g` }
    case 'making':
      if (line.basis === 'percent') return { item: quoteLineTexts.making, detail: quoteLineTexts.percentOfMetal(shortPercent(line.percent_bps ?? 0)) }
      if (line.basis === 'per_gram') return { item: quoteLineTexts.making, detail: `${formatRupees(line.paise_per_gram ?? 0)}/g` }
      return { item: quoteLineTexts.making, detail: '' }
    case 'stone': {
      const carats = line.carat_mct ? `, ${quoteLineTexts.caratsEach(mctToCarats(line.carat_mct))}` : ''
      const certificate = line.certificate ? `, ${line.certificate}` : ''
      return { item: line.stone_type ?? '', detail: `${line.count ?? 1} × ${formatRupees(line.price_each_paise ?? 0)}${carats}${certificate}` }
    }
    default:
      return { item: line.label ?? '', detail: '' }
  }
}
