import { brand } from '@/lib/brand'
import { whatsAppUrl } from '@/lib/whatsapp-url'
import type { ChatLanguage } from '../flow/chat-language'
import { quoteText, type QuotePageTextKey } from './quote-page-texts'
import styles from './QuotePage.module.css'

/** A link that opens nothing to answer: why, and how to reach the business. */
export function QuoteRefusal({ language, title, text }: { language: ChatLanguage; title: QuotePageTextKey; text: QuotePageTextKey }) {
  return (
    <section className={styles.callout}>
      <h1 className={styles.title}>{quoteText(language, title)}</h1>
      <p role="alert">{quoteText(language, text)}</p>
      <div className={styles.buttons}>
        <a className={styles.link} href={`tel:+${brand.phone}`}>
          {quoteText(language, 'call')}
        </a>
        <a className={styles.link} href={whatsAppUrl(brand.whatsapp, quoteText(language, 'whatsapp_message'))} target="_blank" rel="noreferrer">
          {quoteText(language, 'whatsapp')}
        </a>
      </div>
    </section>
  )
}
