import { useMachine } from '@xstate/react'
import { useEffect, useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { Button } from '@/components/plain/Button'
import { brand } from '@/lib/brand'
import { loadLanguage } from '../chat/chat-languages'
import { flowLanguage, translate } from '../flow/chat-language'
import { loadCustomerQuote } from './load-customer-quote'
import { pageActors, type QuotePageActors } from './quote-page-actors'
import { quotePageMachine, type LoadedQuote, type QuotePageInput } from './quote-page.machine'
import { quotePageFlowTexts, quoteText, shownDay, type QuotePageTextKey } from './quote-page-texts'
import { CommentForm, NameForm } from './QuoteAnswerForms'
import { QuoteRefusal } from './QuoteRefusal'
import { QuoteSheet } from './QuoteSheet'
import styles from './QuotePage.module.css'

interface QuotePageProps extends QuotePageInput {
  /** The site's header, given the tagline in the page's language. */
  header?: (tagline: string) => ReactNode
  actors?: QuotePageActors
}

/**
 * The customer's page for a quote (`/quote#<token>`): the lines and totals in the customer's language,
 * the reference photo and the designs, Approve (with their name; final) and Ask for changes (with a
 * comment). Drawn without Chakra, like every visitor page.
 */
export function QuotePage({ token, requestedLanguage, header, actors = pageActors }: QuotePageProps) {
  const machine = useMemo(
    () =>
      quotePageMachine.provide({
        actors: {
          loadQuote: fromPromise(({ input }) => loadCustomerQuote(actors, input)),
          approveQuote: fromPromise(({ input }) => actors.approveQuote(input.token, input.name)),
          requestChanges: fromPromise(({ input }) => actors.requestChanges(input.token, input.comment)),
          loadRequestedLanguage: fromPromise(({ input }) => loadLanguage(input || flowLanguage.code)),
        },
      }),
    [actors],
  )
  const [snapshot, send] = useMachine(machine, { input: { token, requestedLanguage } })
  const { loaded, requested } = snapshot.context
  const language = loaded?.language ?? requested ?? flowLanguage
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)

  useEffect(() => {
    document.title = `${quoteText(language, 'title')} · ${brand.title}`
  }, [language])

  const body = () => {
    if (snapshot.matches('loading')) return <p role="status">{say('loading')}</p>
    if (snapshot.matches('failed'))
      return (
        <>
          <p role="alert">{say('failed')}</p>
          <Button onClick={() => send({ type: 'retry' })}>{say('try_again')}</Button>
        </>
      )
    if (snapshot.matches({ refused: 'notValid' })) return <QuoteRefusal language={language} title="not_valid_title" text="not_valid" />
    if (snapshot.matches({ refused: 'expired' })) return <QuoteRefusal language={language} title="expired_title" text="expired" />
    if (snapshot.matches({ refused: 'superseded' })) return <QuoteRefusal language={language} title="superseded_title" text="superseded" />
    if (snapshot.matches({ refused: 'tooMany' })) return <QuoteRefusal language={language} title="too_many_title" text="too_many" />
    if (!loaded) return null
    return (
      <>
        <QuoteSheet loaded={loaded} />
        {answer(loaded)}
      </>
    )
  }

  const answer = ({ quote }: LoadedQuote) => {
    if (quote.status === 'approved')
      return (
        <section className={styles.callout} aria-label={say('approved_title')}>
          <h2 className={styles.heading}>{say('approved_title')}</h2>
          <p role="status">{say('approved', { name: quote.approved_name ?? '', date: shownDay(quote.approved_at ?? '', language) })}</p>
        </section>
      )
    const requestedChanges = quote.status === 'changes_requested' && quote.customer_comment && (
      <div className={styles.callout}>
        <p role="status">{say('changes_requested')}</p>
        <blockquote className={styles.comment}>{quote.customer_comment}</blockquote>
      </div>
    )
    if (snapshot.matches('naming') || snapshot.matches('approving'))
      return (
        <NameForm
          language={language}
          busy={snapshot.matches('approving')}
          problem={snapshot.context.problem}
          onConfirm={(name) => send({ type: 'approve.confirm', name })}
          onBack={() => send({ type: 'back' })}
        />
      )
    if (snapshot.matches('commenting') || snapshot.matches('sendingChanges'))
      return (
        <CommentForm
          language={language}
          busy={snapshot.matches('sendingChanges')}
          problem={snapshot.context.problem}
          onSend={(comment) => send({ type: 'changes.send', comment })}
          onBack={() => send({ type: 'back' })}
        />
      )
    return (
      <>
        {requestedChanges}
        <div className={styles.buttons}>
          <Button onClick={() => send({ type: 'approve.open' })}>{say('approve')}</Button>
          <Button variant="outline" onClick={() => send({ type: 'changes.open' })}>
            {say('ask_changes')}
          </Button>
        </div>
      </>
    )
  }

  return (
    <main className={`plain-page ${styles.page}`} lang={language.code}>
      {header?.(translate(language, quotePageFlowTexts.tagline))}
      <div className={styles.body}>{body()}</div>
    </main>
  )
}
