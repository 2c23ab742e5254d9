import flow from '@flows/consultation.flow.yaml'
import type { CustomerQuote } from '@/features/quote-link/api/customer-quote.schema'
import { istDateKey } from '@/lib/dayjs'
import { mctToCarats, mgToGrams, withoutTrailingZeros } from '@/lib/decimal-input'
import { quoteTotalRows, type QuoteTotalKey } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import { shortPercent } from '@/lib/short-percent'
import type { StoredQuoteLine } from '@/lib/stored-quote-line.schema'
import { slotDate, translate, visitorLocale, type ChatLanguage } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'
import type { QuotePageTexts } from '../flow/quote-page.schema'

/** The flow's texts of the quote page, and the header's tagline. */
export const quotePageFlowTexts = { tagline: flow.chat.tagline, page: flow.quote_page ?? ({} as QuotePageTexts) }

export type QuotePageTextKey = keyof QuotePageTexts

/** A text of the page in `language`, its placeholders filled with `values`. */
export function quoteText(language: ChatLanguage, key: QuotePageTextKey, values: Record<string, string> = {}): string {
  return renderTemplate(translate(language, quotePageFlowTexts.page[key] ?? ''), values)
}

/** Paise as the customer reads rupees: lakh grouping, two decimals. */
export const shownRupees = (paise: number, language: ChatLanguage) => formatRupees(paise, visitorLocale(language.code))

/** A date (YYYY-MM-DD) or a moment as the customer reads it, in India time. */
export const shownDay = (dateOrMoment: string, language: ChatLanguage) =>
  slotDate(dateOrMoment.length === 10 ? dateOrMoment : istDateKey(dateOrMoment), language.code)

/** What a priced line says the customer pays for. */
export function lineDescription(line: StoredQuoteLine, language: ChatLanguage): string {
  switch (line.kind) {
    case 'metal':
      return quoteText(language, 'metal_line', {
        detail: line.label ?? line.metal ?? '',
        weight: withoutTrailingZeros(mgToGrams(line.weight_mg ?? 0)),
        rate: shownRupees(line.rate_paise_per_gram ?? 0, language),
      })
    case 'making':
      return quoteText(language, 'making_line')
    case 'stone': {
      const carat = line.carat_mct ? ` ${withoutTrailingZeros(mctToCarats(line.carat_mct))} ct` : ''
      const certificate = line.certificate ? `, ${line.certificate}` : ''
      return quoteText(language, 'stone_line', { detail: `${line.stone_type ?? ''}${carat}${certificate}`, count: String(line.count ?? 1) })
    }
    default:
      return line.label ?? ''
  }
}

const totalTextKeys: Record<QuoteTotalKey, QuotePageTextKey> = { subtotal: 'subtotal', discount: 'discount_line', taxable: 'taxable', gst: 'gst', total: 'total' }

/** The totals under the lines, in order: the discount and taxable value only when there is a discount. */
export function totalRows(quote: CustomerQuote, language: ChatLanguage): { label: string; amount: string; total?: boolean }[] {
  return quoteTotalRows(quote).map(({ key, paise }) => ({
    label: quoteText(language, totalTextKeys[key], key === 'gst' ? { rate: shortPercent(quote.gst_bps) } : {}),
    amount: shownRupees(paise, language),
    ...(key === 'total' ? { total: true } : {}),
  }))
}
