import { useEffect, useRef } from 'react'
import type { ChatTexts } from '../flow/flow-texts.schema'
import type { ChatMessage } from '../machine/intake-types'
import { ChatBubble } from './ChatBubble'
import styles from './ChatTranscript.module.css'
import { TypingIndicator } from './TypingIndicator'

interface ChatTranscriptProps {
  messages: ChatMessage[]
  typing: boolean
  texts: ChatTexts
  canChoose: (stepId: string, label: string) => boolean
  onChoose: (stepId: string, label: string) => void
  /** The text of the Edit button on the visitor's answer to a step, or null while that answer cannot be changed. */
  editLabel: (stepId: string) => string | null
  onEdit: (stepId: string) => void
}

/** The conversation, at most 60% of the screen high, kept scrolled to the newest message. */
export function ChatTranscript({ messages, typing, texts, canChoose, onChoose, editLabel, onEdit }: ChatTranscriptProps) {
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // In the next frame, so the browser lays the page out once, not once more for the scroll.
    const frame = requestAnimationFrame(() => end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' }))
    return () => cancelAnimationFrame(frame)
  }, [messages.length, typing])
  // Only the latest answer to a step carries its Edit button.
  const latestAnswers = new Map(messages.flatMap((m) => (m.type === 'user' && m.stepId ? [[m.stepId, m.id] as const] : [])))

  return (
    // Focusable, so a keyboard can scroll the conversation when nothing in it takes focus.
    <div role="log" aria-live="polite" aria-label={texts.log_label} className={styles.log} tabIndex={0}>
      {messages.map((message) => (
        <ChatBubble
          key={message.id}
          message={message}
          optionsLabel={texts.options_label}
          canChoose={canChoose}
          onChoose={onChoose}
          editLabel={message.stepId && latestAnswers.get(message.stepId) === message.id ? editLabel(message.stepId) : null}
          onEdit={onEdit}
        />
      ))}
      {typing && <TypingIndicator text={texts.typing} />}
      <div ref={end} />
    </div>
  )
}
