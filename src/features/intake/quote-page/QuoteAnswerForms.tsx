import { useState, type ReactNode } from 'react'
import { Button } from '@/components/plain/Button'
import { approvalNameMaxLength, changesCommentMaxLength } from '@/features/quote-link/api/quote-link-api'
import type { ChatLanguage } from '../flow/chat-language'
import type { AnswerProblem } from './quote-page.machine'
import { quoteText, type QuotePageTextKey } from './quote-page-texts'
import styles from './QuotePage.module.css'

interface AnswerFormProps {
  language: ChatLanguage
  busy: boolean
  problem: AnswerProblem
  onBack: () => void
}

interface AnswerFrameProps {
  label: string
  busy: boolean
  /** What the problem alert says; none when there is no problem. */
  problemText: string | null
  problemId?: string
  submitText: string
  busyText: string
  backText: string
  onSubmit: () => void
  onBack: () => void
  children: ReactNode
}

/** A form of the customer's answer: its field, the problem if any, submit and back. */
function AnswerFrame({ label, busy, problemText, problemId, submitText, busyText, backText, onSubmit, onBack, children }: AnswerFrameProps) {
  return (
    <form
      className={styles.section}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
      {problemText && (
        <p id={problemId} role="alert" className={styles.error}>
          {problemText}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={busy}>
          {busy ? busyText : submitText}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onBack}>
          {backText}
        </Button>
      </div>
    </form>
  )
}

/** The customer's name before approving for good. */
export function NameForm({ language, busy, problem, onConfirm, onBack }: AnswerFormProps & { onConfirm: (name: string) => void }) {
  const [name, setName] = useState('')
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)
  const invalid = problem === 'name_invalid'
  return (
    <AnswerFrame
      label={say('approve')}
      busy={busy}
      problemText={problem && (invalid ? say('name_invalid', { most: String(approvalNameMaxLength) }) : say('failed'))}
      problemId="approval-name-problem"
      submitText={say('approve_confirm')}
      busyText={say('approving')}
      backText={say('back')}
      onSubmit={() => onConfirm(name)}
      onBack={onBack}
    >
      <label className={styles.label} htmlFor="approval-name">
        {say('name_label')}
      </label>
      <input
        id="approval-name"
        className={styles.input}
        autoFocus
        value={name}
        autoComplete="name"
        maxLength={approvalNameMaxLength}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'approval-name-problem' : undefined}
        onChange={(event) => setName(event.target.value)}
      />
    </AnswerFrame>
  )
}

/** What the customer would like changed, counted against the most the business accepts. */
export function CommentForm({ language, busy, problem, onSend, onBack }: AnswerFormProps & { onSend: (comment: string) => void }) {
  const [comment, setComment] = useState('')
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)
  const invalid = problem === 'comment_invalid'
  return (
    <AnswerFrame
      label={say('ask_changes')}
      busy={busy}
      problemText={problem && (invalid ? say('comment_invalid', { most: String(changesCommentMaxLength) }) : say('failed'))}
      submitText={say('send_changes')}
      busyText={say('sending')}
      backText={say('back')}
      onSubmit={() => onSend(comment)}
      onBack={onBack}
    >
      <label className={styles.label} htmlFor="changes-comment">
        {say('comment_label')}
      </label>
      <textarea
        id="changes-comment"
        className={styles.input}
        autoFocus
        rows={4}
        value={comment}
        maxLength={changesCommentMaxLength}
        aria-invalid={invalid}
        aria-describedby="changes-count"
        onChange={(event) => setComment(event.target.value)}
      />
      <p id="changes-count" className={styles.muted} aria-live="polite">
        {say('comment_count', { count: String(comment.length), most: String(changesCommentMaxLength) })}
      </p>
    </AnswerFrame>
  )
}
