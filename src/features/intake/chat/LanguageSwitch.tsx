import type { LanguageChoice } from '../flow/chat-language'
import styles from './LanguageSwitch.module.css'

interface LanguageSwitchProps {
  choices: readonly LanguageChoice[]
  current: string
  /** What screen readers call the switch. */
  label: string
  /** The language being loaded, and whether that failed. */
  switching: { to: string; failed: boolean } | null
  failedText: string
  onChoose: (code: string) => void
}

/** The chat's language, each by its own name; a native select, so phones show their own picker. */
export function LanguageSwitch({ choices, current, label, switching, failedText, onChoose }: LanguageSwitchProps) {
  if (choices.length < 2) return null
  return (
    <div className={styles.switch}>
      <select
        className={styles.select}
        aria-label={label}
        value={switching?.to ?? current}
        aria-busy={switching !== null && !switching.failed}
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code} lang={choice.code}>
            {choice.name}
          </option>
        ))}
      </select>
      {switching?.failed && (
        <p role="alert" className={styles.failed}>
          {failedText}
        </p>
      )}
    </div>
  )
}
