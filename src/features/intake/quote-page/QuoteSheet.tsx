import { itemLines } from '@/lib/quote-totals'
import type { LoadedQuote } from './quote-page.machine'
import { lineDescription, quoteText, shownDay, shownRupees, totalRows, type QuotePageTextKey } from './quote-page-texts'
import styles from './QuotePage.module.css'

/** The quote itself: version, validity, lines, totals, the reference photo and the designs. */
export function QuoteSheet({ loaded: { quote, images, language } }: { loaded: LoadedQuote }) {
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)
  return (
    <>
      <h1 className={styles.title}>{say('title')}</h1>
      {quote.first_name && <p>{say('greeting', { name: quote.first_name })}</p>}
      <p className={styles.muted}>
        {say('version_line', { number: String(quote.version) })} · {say('valid_until', { date: shownDay(quote.valid_until, language) })}
      </p>
      <table className={styles.lines}>
        <tbody>
          {itemLines(quote.lines).map((line, index) => (
            <tr key={index}>
              <th scope="row">{lineDescription(line, language)}</th>
              <td>{shownRupees(line.amount_paise, language)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totalRows(quote, language).map((row) => (
            <tr key={row.label} className={row.total ? styles.total : undefined}>
              <th scope="row">{row.label}</th>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {images.reference && (
        <section className={styles.section} aria-label={say('reference_image')}>
          <h2 className={styles.heading}>{say('reference_image')}</h2>
          <img className={styles.image} src={images.reference} alt={say('reference_image')} />
        </section>
      )}
      {images.designs.length > 0 && (
        <section className={styles.section} aria-label={say('design_images')}>
          <h2 className={styles.heading}>{say('design_images')}</h2>
          <div className={styles.gallery}>
            {images.designs.map((url, index) => (
              <img key={url} className={styles.image} src={url} alt={say('design_alt', { number: String(index + 1) })} />
            ))}
          </div>
        </section>
      )}
    </>
  )
}

