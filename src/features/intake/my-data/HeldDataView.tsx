import type { ReactNode } from 'react'
import type { HeldData } from '@/features/my-data/api/held-data-api'
import { leadFields } from '@/lib/lead-fields'
import { translate, type ChatLanguage } from '../flow/chat-language'
import { HeldOrderItem, HeldQuoteItem } from './HeldQuotesAndOrders'
import { fieldLabel, fileName, myDataText, shownDate, shownDateTime, stepLabel, type MyDataTextKey } from './my-data-texts'
import styles from './MyDataPage.module.css'

interface HeldDataViewProps {
  held: HeldData
  /** Signed addresses of the reference images, by name. */
  imageUrls: Record<string, string>
  language: ChatLanguage
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** What the business holds about the visitor: each enquiry's answers (named as the chat names them), appointments, notes, follow-up dates, quotes, orders, chats and images. */
export function HeldDataView({ held, imageUrls, language }: HeldDataViewProps) {
  const say = (key: MyDataTextKey, values?: Record<string, string>) => myDataText(language, key, values)

  const part = (key: MyDataTextKey, items: ReactNode[]) => (
    <section className={styles.section} aria-labelledby={`held-${key}`}>
      <h4 id={`held-${key}`} className={styles.heading}>
        {say(key)}
      </h4>
      {items.length ? <ul className={styles.list}>{items}</ul> : <p className={styles.muted}>{say('nothing')}</p>}
    </section>
  )

  return (
    <section className={styles.section} aria-labelledby="held-title">
      <h3 id="held-title" className={styles.title}>
        {say('held_title')}
      </h3>
      {held.leads.map((lead, index) => {
        const withdrawnAt = textOf(lead.consent_withdrawn_at)
        const shown = leadFields.filter(({ name }) => textOf(lead[name]) !== '')
        return (
          <section key={textOf(lead.id) || index} className={styles.section} aria-labelledby={`held-lead-${index}`}>
            <h4 id={`held-lead-${index}`} className={styles.heading}>
              {say('lead_title', { date: shownDate(textOf(lead.created_at), language) })}
            </h4>
            <dl className={styles.fields}>
              {shown.map(({ name, kind }) => (
                <div key={name} className={styles.field}>
                  <dt>{fieldLabel(name, language)}</dt>
                  <dd>{kind === 'answer' ? translate(language, textOf(lead[name])) : kind === 'image' ? fileName(textOf(lead[name])) : textOf(lead[name])}</dd>
                </div>
              ))}
            </dl>
            {withdrawnAt && <p role="status">{say('consent_withdrawn', { date: shownDate(withdrawnAt, language) })}</p>}
          </section>
        )
      })}
      {part(
        'appointments',
        held.appointments.map((appointment) => <li key={appointment.slot_datetime}>{`${shownDateTime(appointment.slot_datetime, language)} (${appointment.status})`}</li>),
      )}
      {part(
        'notes',
        held.notes.map((note, index) => <li key={index}>{`${shownDate(note.created_at, language)}: ${note.body}`}</li>),
      )}
      {part(
        'follow_ups',
        held.follow_ups.map((followUp, index) => <li key={index}>{shownDate(followUp.due_at, language)}</li>),
      )}
      {part(
        'quotes',
        held.quotes.map((quote, index) => <HeldQuoteItem key={index} quote={quote} language={language} />),
      )}
      {part(
        'orders',
        held.orders.map((order, index) => <HeldOrderItem key={index} order={order} language={language} />),
      )}
      {part(
        'chats',
        held.chat_sessions.map((chat, index) => (
          <li key={index}>
            {say('chat_line', { date: shownDate(chat.created_at, language) })}
            {[chat.name, chat.phone].filter(Boolean).length > 0 && `: ${[chat.name, chat.phone].filter(Boolean).join(', ')}`}
            {chat.steps.length > 0 && ` (${chat.steps.map((step) => stepLabel(step, language)).join(', ')})`}
          </li>
        )),
      )}
      {part(
        'images',
        held.reference_images.map((path) => (
          <li key={path}>
            {imageUrls[path] ? (
              <a className={styles.link} href={imageUrls[path]} target="_blank" rel="noreferrer">
                {fileName(path)}
              </a>
            ) : (
              fileName(path)
            )}
          </li>
        )),
      )}
    </section>
  )
}
