import { Button } from '@/components/plain/Button'
import { shownText, translate } from '../flow/chat-language'
import type { ChatMessage } from '../machine/intake-types'
import styles from './ChatBubble.module.css'
import { useChatLanguage } from './chat-language-context'

interface ChatBubbleProps {
  message: ChatMessage
  /** What screen readers call the message's buttons. */
  optionsLabel: string
  canChoose: (stepId: string, label: string) => boolean
  onChoose: (stepId: string, label: string) => void
  /** On the visitor's answer: the text of its Edit button, or null when it has none. */
  editLabel: string | null
  onEdit: (stepId: string) => void
}

/**
 * One message; a bot message's options are disabled once one is chosen (ticked), unless they stay open,
 * and while the chat is not at their question. A question asked again marks the current answer.
 */
export function ChatBubble({ message, optionsLabel, canChoose, onChoose, editLabel, onEdit }: ChatBubbleProps) {
  const language = useChatLanguage()
  const fromBot = message.type === 'bot'
  const answered = message.selectedOption !== undefined
  const closed = answered && !message.optionsStayOpen
  return (
    <div className={fromBot ? styles.row : `${styles.row} ${styles.fromVisitor}`}>
      {editLabel && message.stepId && (
        <Button size="sm" variant="ghost" onClick={() => onEdit(message.stepId as string)}>
          {editLabel}
        </Button>
      )}
      <div className={styles.bubble}>
        <p className={styles.content}>{shownText(message.text, language)}</p>
        {message.options && message.stepId && (
          <div className={styles.options} role="group" aria-label={optionsLabel}>
            {message.options.map((label) => {
              const chosen = answered ? message.selectedOption === label : message.currentOption === label
              return (
                <Button
                  key={label}
                  size="sm"
                  variant={chosen ? 'solid' : 'outline'}
                  disabled={closed || (!message.optionsStayOpen && !canChoose(message.stepId as string, label))}
                  aria-pressed={chosen}
                  onClick={() => onChoose(message.stepId as string, label)}
                >
                  {chosen ? `✓ ${translate(language, label)}` : translate(language, label)}
                </Button>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}
