import { brand } from '@/lib/brand'
import { formatDate } from '@/lib/format'
import { quoteLineText } from '@/lib/quote-line-text'
import { itemLines, quoteTotalLabel, quoteTotalRows } from '@/lib/quote-totals'
import { formatRupees } from '@/lib/rupees'
import { quoteTexts } from './quote-texts'
import type { PricedQuote } from './quote.schema'
import styles from './QuotePrint.module.css'

export const quotePrintTexts = {
  title: 'Quotation',
  gstin: 'GSTIN',
  phone: 'Phone',
  for: 'For',
  date: 'Date',
  item: 'Item',
  detail: 'Detail',
  draft: 'Draft',
  note: 'Prices follow the day’s metal rate and hold until the date above. GST is charged on the whole value, making charges included.',
} as const

interface QuotePrintProps {
  customerName: string
  /** The version's number, or null for a draft not saved yet. */
  version: number | null
  validUntil: string
  createdAt: string
  priced: PricedQuote
}

/** The quote as it prints on A4: only this sheet shows on paper; on screen it is hidden. */
export function QuotePrint({ customerName, version, validUntil, createdAt, priced }: QuotePrintProps) {
  return (
    <article className={styles.sheet} aria-label={quotePrintTexts.title} data-testid="quote-print">
      <header className={styles.header}>
        <div>
          <p className={styles.brand}>{brand.title}</p>
          <p className={styles.address}>{brand.address}</p>
          <p className={styles.address}>
            {quotePrintTexts.phone} +{brand.phone}
            {brand.gstin ? ` · ${quotePrintTexts.gstin} ${brand.gstin}` : ''}
          </p>
        </div>
        <div className={styles.facts}>
          <p className={styles.brand}>{quotePrintTexts.title}</p>
          <p className={styles.facts}>{version === null ? quotePrintTexts.draft : quoteTexts.version(version)}</p>
          <p className={styles.facts}>
            {quotePrintTexts.date} {formatDate(createdAt)}
          </p>
          <p className={styles.facts}>
            {quoteTexts.validUntil} {formatDate(validUntil)}
          </p>
          <p className={styles.facts}>
            {quotePrintTexts.for} {customerName}
          </p>
        </div>
      </header>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th>{quotePrintTexts.item}</th>
            <th>{quotePrintTexts.detail}</th>
            <th className={styles.amount}>{quoteTexts.amountColumn}</th>
          </tr>
        </thead>
        <tbody>
          {itemLines(priced.lines).map((line, index) => {
            const { item, detail } = quoteLineText(line)
            return (
              <tr key={index}>
                <td>{item}</td>
                <td>{detail}</td>
                <td className={styles.amount}>{formatRupees(line.amount_paise)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <table className={styles.totals}>
        <tbody>
          {quoteTotalRows(priced).map(({ key, paise }) => (
            <tr key={key} className={key === 'total' ? styles.grandTotal : undefined}>
              <td>{quoteTotalLabel(key, priced.gst_bps)}</td>
              <td className={styles.amount}>{formatRupees(paise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>{quotePrintTexts.note}</p>
    </article>
  )
}
