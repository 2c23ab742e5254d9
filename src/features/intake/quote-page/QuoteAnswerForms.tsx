import { useState } from 'react'
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

/** The customer's name before approving for good. */
export function NameForm({ language, busy, problem, onConfirm, onBack }: AnswerFormProps & { onConfirm: (name: string) => void }) {
  const [name, setName] = useState('')
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)
  const invalid = problem === 'name_invalid'
  return (
    <form
      className={styles.section}
      aria-label={say('approve')}
      onSubmit={(event) => {
        event.preventDefault()
        onConfirm(name)
      }}
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
      {problem && (
        <p id="approval-name-problem" role="alert" className={styles.error}>
          {invalid ? say('name_invalid', { most: String(approvalNameMaxLength) }) : say('failed')}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={busy}>
          {busy ? say('approving') : say('approve_confirm')}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onBack}>
          {say('back')}
        </Button>
      </div>
    </form>
  )
}

/** What the customer would like changed, counted against the most the business accepts. */
export function CommentForm({ language, busy, problem, onSend, onBack }: AnswerFormProps & { onSend: (comment: string) => void }) {
  const [comment, setComment] = useState('')
  const say = (key: QuotePageTextKey, values?: Record<string, string>) => quoteText(language, key, values)
  const invalid = problem === 'comment_invalid'
  return (
    <form
      className={styles.section}
      aria-label={say('ask_changes')}
      onSubmit={(event) => {
        event.preventDefault()
        onSend(comment)
      }}
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
      {problem && (
        <p role="alert" className={styles.error}>
          {invalid ? say('comment_invalid', { most: String(changesCommentMaxLength) }) : say('failed')}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={busy}>
          {busy ? say('sending') : say('send_changes')}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onBack}>
          {say('back')}
        </Button>
      </div>
    </form>
  )
}
