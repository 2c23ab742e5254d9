import { erasureCommentMaxLength } from '@/features/my-data/api/my-data-rights-api'
import { Button } from '@/components/plain/Button'
import type { ChatLanguage } from '../flow/chat-language'
import { myDataText, shownDate, type MyDataTextKey } from './my-data-texts'
import styles from './MyDataPage.module.css'

/** Where the rights part of an open session is: the three buttons (held while the data reads again), a question, or a call on its way. */
export type RightsStep = 'idle' | 'reloading' | 'askingWithdraw' | 'withdrawing' | 'askingErasure' | 'erasing'

interface MyDataRightsProps {
  language: ChatLanguage
  step: RightsStep
  /** Consent was withdrawn: in this session, or on every enquiry before. */
  withdrawn: boolean
  comment: string
  erasureDeadline: string | null
  failed: boolean
  onDownload: () => void
  onWithdrawAsk: () => void
  onWithdrawConfirm: () => void
  onEraseAsk: () => void
  onCommentChange: (comment: string) => void
  onEraseConfirm: () => void
  onBack: () => void
}

/** Download my data, Withdraw consent (after a question) and Ask for erasure (with an optional, counted comment). */
export function MyDataRights(props: MyDataRightsProps) {
  const { language, step, withdrawn, comment, erasureDeadline, failed } = props
  const reloading = step === 'reloading'
  const say = (key: MyDataTextKey, values?: Record<string, string>) => myDataText(language, key, values)
  const failure = failed && (
    <p role="alert" className={styles.error}>
      {say('failed')}
    </p>
  )

  if (step === 'askingWithdraw' || step === 'withdrawing')
    return (
      <section className={styles.section} aria-label={say('withdraw')}>
        <p>{say('withdraw_question')}</p>
        {failure}
        <div className={styles.buttons}>
          <Button disabled={step === 'withdrawing'} onClick={props.onWithdrawConfirm}>
            {step === 'withdrawing' ? say('withdrawing') : say('withdraw_confirm')}
          </Button>
          <Button variant="outline" disabled={step === 'withdrawing'} onClick={props.onBack}>
            {say('back')}
          </Button>
        </div>
      </section>
    )

  if (step === 'askingErasure' || step === 'erasing')
    return (
      <form
        className={styles.form}
        aria-label={say('erase')}
        onSubmit={(event) => {
          event.preventDefault()
          props.onEraseConfirm()
        }}
      >
        <label className={styles.label} htmlFor="erase-comment">
          {say('erase_comment')}
        </label>
        <textarea
          id="erase-comment"
          className={styles.input}
          rows={4}
          maxLength={erasureCommentMaxLength}
          value={comment}
          aria-describedby="erase-count"
          onChange={(event) => props.onCommentChange(event.target.value)}
        />
        <p id="erase-count" className={styles.muted} aria-live="polite">
          {say('erase_count', { count: String(comment.length), most: String(erasureCommentMaxLength) })}
        </p>
        {failure}
        <div className={styles.buttons}>
          <Button type="submit" disabled={step === 'erasing'}>
            {step === 'erasing' ? say('erasing') : say('erase_send')}
          </Button>
          <Button variant="outline" disabled={step === 'erasing'} onClick={props.onBack}>
            {say('back')}
          </Button>
        </div>
      </form>
    )

  return (
    <section className={styles.section} aria-label={say('title')}>
      {withdrawn && <p role="status">{say('withdrawn')}</p>}
      {erasureDeadline && <p role="status">{say('erase_requested', { date: shownDate(erasureDeadline, language) })}</p>}
      <div className={styles.buttons}>
        <Button disabled={reloading} onClick={props.onDownload}>
          {say('download')}
        </Button>
        {!withdrawn && (
          <Button variant="outline" disabled={reloading} onClick={props.onWithdrawAsk}>
            {say('withdraw')}
          </Button>
        )}
        <Button variant="outline" disabled={reloading} onClick={props.onEraseAsk}>
          {say('erase')}
        </Button>
      </div>
    </section>
  )
}
