import { useMachine } from '@xstate/react'
import { useEffect, useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { Button } from '@/components/plain/Button'
import { translate, type ChatLanguage } from '../flow/chat-language'
import { HeldDataView } from './HeldDataView'
import { heldDataFile, heldDataFileName, pageActors, type MyDataActors } from './my-data-actors'
import { myDataMachine } from './my-data.machine'
import { myDataFlowTexts, myDataText, type MyDataTextKey } from './my-data-texts'
import { MyDataRights, type RightsStep } from './MyDataRights'
import styles from './MyDataPage.module.css'

interface MyDataPageProps {
  language: ChatLanguage
  /** The booking's manage token the address carried (`/my-data#<token>`), if any. */
  manageToken: string | null
  /** The site's header, given the tagline in the page's language. */
  header?: (tagline: string) => ReactNode
  actors?: MyDataActors
}

const rightsSteps: Exclude<RightsStep, 'idle' | 'reloading'>[] = ['askingWithdraw', 'withdrawing', 'askingErasure', 'erasing']

/**
 * The visitor's My data page (`/my-data`, `?lang=` for a translation): the phone and code forms, or a
 * booking's link, open what the business holds, with its download, withdrawal and erasure request.
 * Plain elements only.
 */
export function MyDataPage({ language, manageToken, header, actors = pageActors }: MyDataPageProps) {
  const machine = useMemo(
    () =>
      myDataMachine.provide({
        actors: {
          requestCode: fromPromise(({ input }) => actors.requestCode(input.phone)),
          openWithCode: fromPromise(({ input }) => actors.openWithCode(input.phone, input.code)),
          openWithLink: fromPromise(({ input }) => actors.openWithLink(input.manageToken)),
          fetchHeldData: fromPromise(({ input }) => actors.fetchHeldData(input.token)),
          signImages: fromPromise(({ input }) => actors.signImages(input.token, input.names)),
          withdrawConsent: fromPromise(({ input }) => actors.withdrawConsent(input.token)),
          requestErasure: fromPromise(({ input }) => actors.requestErasure(input.token, input.comment)),
        },
        actions: {
          downloadHeldData: (_, { answer }) => actors.download(heldDataFileName(), heldDataFile(answer)),
        },
      }),
    [actors],
  )
  const [snapshot, send] = useMachine(machine, { input: { manageToken } })
  const { phone, code, invalid, notice, held, imageUrls, withdrawn, comment, erasureDeadline } = snapshot.context
  const say = (key: MyDataTextKey) => myDataText(language, key)
  const title = say('title')

  useEffect(() => {
    document.title = title
  }, [title])

  const noticeLine = notice && (
    <p role="alert" className={styles.error}>
      {say(notice)}
    </p>
  )

  const body = () => {
    if (snapshot.matches('openingWithLink') || snapshot.matches('openingWithCode') || (snapshot.matches({ session: 'loading' }) && !held))
      return <p role="status">{say('opening')}</p>
    if (snapshot.matches('linkFailed') || snapshot.matches({ session: 'loadFailed' }))
      return (
        <>
          <p role="alert">{say('failed')}</p>
          <Button onClick={() => send({ type: 'retry' })}>{say('try_again')}</Button>
        </>
      )
    if (snapshot.matches('session') && held) {
      const step: RightsStep = snapshot.matches({ session: 'loading' }) ? 'reloading' : (rightsSteps.find((name) => snapshot.matches({ session: { open: name } })) ?? 'idle')
      return (
        <>
          <MyDataRights
            language={language}
            step={step}
            withdrawn={withdrawn}
            comment={comment}
            erasureDeadline={erasureDeadline}
            failed={notice === 'failed'}
            onDownload={() => send({ type: 'download' })}
            onWithdrawAsk={() => send({ type: 'withdraw.ask' })}
            onWithdrawConfirm={() => send({ type: 'withdraw.confirm' })}
            onEraseAsk={() => send({ type: 'erase.ask' })}
            onCommentChange={(text) => send({ type: 'comment.change', comment: text })}
            onEraseConfirm={() => send({ type: 'erase.confirm' })}
            onBack={() => send({ type: 'back' })}
          />
          <HeldDataView held={held.data} imageUrls={imageUrls} language={language} />
        </>
      )
    }
    if (snapshot.matches('code') || snapshot.matches('openingWithCode'))
      return (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'code.submit' })
          }}
        >
          <p role="status">{say('code_sent')}</p>
          {noticeLine}
          <label className={styles.label} htmlFor="my-data-code">
            {say('code_label')}
          </label>
          <input
            id="my-data-code"
            className={styles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'my-data-code-error' : undefined}
            onChange={(event) => send({ type: 'code.change', code: event.target.value })}
          />
          {invalid && (
            <p id="my-data-code-error" className={styles.error}>
              {say('code_invalid')}
            </p>
          )}
          <div className={styles.buttons}>
            <Button type="submit">{say('open')}</Button>
            <Button variant="outline" onClick={() => send({ type: 'restart' })}>
              {say('start_again')}
            </Button>
          </div>
        </form>
      )
    const asking = snapshot.matches('askingCode')
    return (
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'phone.submit' })
        }}
      >
        {noticeLine}
        <label className={styles.label} htmlFor="my-data-phone">
          {say('phone_label')}
        </label>
        <input
          id="my-data-phone"
          className={styles.input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          value={phone}
          readOnly={asking}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'my-data-phone-error' : undefined}
          onChange={(event) => send({ type: 'phone.change', phone: event.target.value })}
        />
        {invalid && (
          <p id="my-data-phone-error" className={styles.error}>
            {say('phone_invalid')}
          </p>
        )}
        <Button type="submit" disabled={asking}>
          {asking ? say('asking') : say('ask_code')}
        </Button>
      </form>
    )
  }

  return (
    <div className={`plain-page ${styles.page}`} lang={language.code}>
      {header?.(translate(language, myDataFlowTexts.tagline))}
      <main className={styles.body}>
        <h2 className={styles.title}>{title}</h2>
        <p>{say('intro')}</p>
        {body()}
      </main>
    </div>
  )
}
