import { formatRupees } from '@/lib/rupees'
import { mctToCarats, mgToGrams } from './decimal-input'
import { quoteTexts } from './quote-texts'
import type { PricedLine } from './quote.schema'
import { shortPercent } from './short-percent'

/** A priced line in words, for the printed quote: what it is and how its amount came about. */
export function quoteLineText(line: PricedLine): { item: string; detail: string } {
  switch (line.kind) {
    case 'metal':
      return { item: line.label ?? line.metal ?? '', detail: `${mgToGrams(line.weight_mg ?? 0)} g × ${formatRupees(line.rate_paise_per_gram ?? 0)}/g` }
    case 'making':
      if (line.basis === 'percent') return { item: quoteTexts.lineKinds.making, detail: `${shortPercent(line.percent_bps ?? 0)}% of metal` }
      if (line.basis === 'per_gram') return { item: quoteTexts.lineKinds.making, detail: `${formatRupees(line.paise_per_gram ?? 0)}/g` }
      return { item: quoteTexts.lineKinds.making, detail: '' }
    case 'stone': {
      const carats = line.carat_mct ? `, ${mctToCarats(line.carat_mct)} ct each` : ''
      const certificate = line.certificate ? `, ${line.certificate}` : ''
      return { item: line.stone_type ?? '', detail: `${line.count ?? 1} × ${formatRupees(line.price_each_paise ?? 0)}${carats}${certificate}` }
    }
    case 'discount':
      return { item: quoteTexts.discount, detail: '' }
    default:
      return { item: line.label ?? '', detail: '' }
  }
}
