import type { ReactNode } from 'react'
import type { HeldData } from '@/features/my-data/api/held-data-api'
import type { ChatLanguage } from '../flow/chat-language'
import { fileName, myDataText, shownDate, shownRupees, wordOf } from './my-data-texts'
import styles from './MyDataPage.module.css'

type HeldQuote = HeldData['quotes'][number]
type HeldOrder = HeldData['orders'][number]

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** One version of a quote: its number and date, total, validity, status, and what the visitor said, approved and was shown. */
export function HeldQuoteItem({ quote, language }: { quote: HeldQuote; language: ChatLanguage }) {
  const say = myDataText.bind(null, language)
  return (
    <li className={styles.entry}>
      <span className={styles.subheading}>{say('quote_title', { version: String(quote.version), date: shownDate(quote.created_at, language) })}</span>
      <dl className={styles.fields}>
        <Field term={say('total')}>{shownRupees(quote.total_paise, language)}</Field>
        <Field term={say('valid_until')}>{shownDate(quote.valid_until, language)}</Field>
        <Field term={say('status')}>{wordOf('quote_status_', quote.status, language)}</Field>
        {quote.customer_comment && <Field term={say('comment')}>{quote.customer_comment}</Field>}
        {quote.approved_name && <Field term={say('approved_by')}>{quote.approved_name}</Field>}
        {quote.approved_at && <Field term={say('approved_on')}>{shownDate(quote.approved_at, language)}</Field>}
        {quote.design_images.length > 0 && <Field term={say('design_images')}>{quote.design_images.map(fileName).join(', ')}</Field>}
      </dl>
    </li>
  )
}

/** One order: when it was placed and from which quote version, its total, stage, advance and why it was cancelled. */
export function HeldOrderItem({ order, language }: { order: HeldOrder; language: ChatLanguage }) {
  const say = myDataText.bind(null, language)
  return (
    <li className={styles.entry}>
      <span className={styles.subheading}>{say('order_title', { version: String(order.version), date: shownDate(order.created_at, language) })}</span>
      <dl className={styles.fields}>
        <Field term={say('total')}>{shownRupees(order.total_paise, language)}</Field>
        <Field term={say('status')}>{wordOf('order_stage_', order.stage, language)}</Field>
        {order.advance_paise !== null && (
          <Field term={say('advance')}>
            {say('advance_line', {
              amount: shownRupees(order.advance_paise, language),
              mode: wordOf('advance_mode_', order.advance_mode ?? '', language),
              date: order.advance_date ? shownDate(order.advance_date, language) : '',
            })}
          </Field>
        )}
        {order.cancel_reason && <Field term={say('cancel_reason')}>{order.cancel_reason}</Field>}
      </dl>
    </li>
  )
}
