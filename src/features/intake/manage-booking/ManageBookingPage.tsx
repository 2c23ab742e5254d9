import { useMachine } from '@xstate/react'
import { lazy, Suspense, useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { Button } from '@/components/plain/Button'
import { slotInstant } from '@/features/scheduling/slot-rules'
import { brand } from '@/lib/brand'
import { loadLanguage } from '../chat/chat-languages'
import { flowLanguage, translate } from '../flow/chat-language'
import { myDataText } from '../my-data/my-data-texts'
import { pageHref } from '../privacy/page-href'
import { loadManagedBooking } from './load-managed-booking'
import { pageActors, type ManageBookingActors } from './manage-booking-actors'
import { manageBookingMachine, type ManageBookingInput } from './manage-booking.machine'
import { bookingValues, managePageFlowTexts, shownTexts } from './manage-page-texts'
import styles from './ManageBookingPage.module.css'

const ReschedulePanel = lazy(() => import('./ReschedulePanel'))

interface ManageBookingPageProps extends ManageBookingInput {
  /** The site's header, given the tagline in the page's language. */
  header?: (tagline: string) => ReactNode
  actors?: ManageBookingActors
}

/**
 * The visitor's own page for a booking (`/booking#<token>`): the appointment in the visitor's language,
 * Reschedule with the chat's scheduler, Cancel after a question, the call link within the cut-off, and
 * the link to My data opened by the same token.
 * Drawn without Chakra, which loads only with the scheduler.
 */
export function ManageBookingPage({ token, requestedLanguage, header, actors = pageActors }: ManageBookingPageProps) {
  const machine = useMemo(
    () =>
      manageBookingMachine.provide({
        actors: {
          loadBooking: fromPromise(({ input }) => loadManagedBooking(actors.fetchBooking, input)),
          rescheduleBooking: fromPromise(({ input }) => actors.rescheduleBooking(input.token, input.slot)),
          cancelBooking: fromPromise(({ input }) => actors.cancelBooking(input.token)),
          loadRequestedLanguage: fromPromise(({ input }) => loadLanguage(input || flowLanguage.code)),
        },
      }),
    [actors],
  )
  const [snapshot, send] = useMachine(machine, { input: { token, requestedLanguage } })
  const { loaded, requested, tooLate, rescheduled, refusal, refusals, cancelFailed } = snapshot.context
  const language = loaded?.language ?? requested ?? flowLanguage
  const values = loaded ? bookingValues(loaded.booking, language) : {}
  const texts = shownTexts(managePageFlowTexts.page, language, values)
  const card = shownTexts(managePageFlowTexts.card, language)

  const body = () => {
    if (snapshot.matches('loading')) return <p role="status">{texts.loading}</p>
    if (snapshot.matches('failed'))
      return (
        <>
          <p role="alert">{texts.failed}</p>
          <Button onClick={() => send({ type: 'retry' })}>{texts.try_again}</Button>
        </>
      )
    if (snapshot.matches('notValid'))
      return (
        <>
          <h2 className={styles.heading}>{texts.not_valid_title}</h2>
          <p>{texts.not_valid}</p>
        </>
      )
    if (snapshot.matches('cancelled'))
      return (
        <>
          <h2 className={styles.heading}>{texts.cancelled_title}</h2>
          <p>{texts.cancelled}</p>
        </>
      )
    return (
      <>
        <h2 className={styles.heading}>{texts.title}</h2>
        <p role="status">{rescheduled ? texts.rescheduled : texts.booked}</p>
        {tooLate ? (
          <div className={styles.callout}>
            <p role="alert">{texts.too_late}</p>
            <a className={styles.call} href={`tel:+${brand.phone}`}>
              {texts.call}
            </a>
          </div>
        ) : (
          actions()
        )}
      </>
    )
  }

  const actions = () => {
    if (snapshot.matches('picking') || snapshot.matches('rescheduling'))
      return (
        <section className={styles.section} aria-label={texts.reschedule}>
          <Suspense fallback={<p>{card.loading}</p>}>
            <ReschedulePanel
              labels={{ prompt: texts.reschedule_prompt, submit: texts.reschedule_confirm, busy: texts.rescheduling, loading: card.loading, times: card.times_label }}
              busy={snapshot.matches('rescheduling')}
              refusals={refusals}
              language={language.code}
              loadSlots={actors.loadSlots}
              onPick={(date, time) => send({ type: 'reschedule.pick', slot: slotInstant(date, time) })}
            />
          </Suspense>
          {refusal && (
            <p role="alert" className={styles.error}>
              {refusal === 'failed' ? texts.failed : card[refusal]}
            </p>
          )}
          <Button variant="ghost" disabled={snapshot.matches('rescheduling')} onClick={() => send({ type: 'back' })}>
            {texts.back}
          </Button>
        </section>
      )
    if (snapshot.matches('askingCancel') || snapshot.matches('cancelling'))
      return (
        <section className={styles.section} aria-label={texts.cancel}>
          <p>{texts.cancel_question}</p>
          {cancelFailed && (
            <p role="alert" className={styles.error}>
              {texts.failed}
            </p>
          )}
          <div className={styles.buttons}>
            <Button disabled={snapshot.matches('cancelling')} onClick={() => send({ type: 'cancel.confirm' })}>
              {snapshot.matches('cancelling') ? texts.cancelling : texts.cancel_confirm}
            </Button>
            <Button variant="outline" disabled={snapshot.matches('cancelling')} onClick={() => send({ type: 'back' })}>
              {texts.back}
            </Button>
          </div>
        </section>
      )
    return (
      <div className={styles.buttons}>
        <Button onClick={() => send({ type: 'reschedule.open' })}>{texts.reschedule}</Button>
        <Button variant="outline" onClick={() => send({ type: 'cancel.ask' })}>
          {texts.cancel}
        </Button>
      </div>
    )
  }

  return (
    <main className={`plain-page ${styles.page}`} lang={language.code}>
      {header?.(translate(language, managePageFlowTexts.tagline))}
      <div className={styles.body}>
        {body()}
        {loaded && (
          <a className={styles.call} href={`${pageHref('/my-data', language)}#${encodeURIComponent(token)}`}>
            {myDataText(language, 'title')}
          </a>
        )}
      </div>
    </main>
  )
}
