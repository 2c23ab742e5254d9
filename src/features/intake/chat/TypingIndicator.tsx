import { Spinner } from '@/components/plain/Spinner'
import styles from './TypingIndicator.module.css'

export function TypingIndicator({ text }: { text: string }) {
  return (
    <div className={styles.typing} role="status">
      <Spinner size="sm" />
      <p>{text}</p>
    </div>
  )
}
