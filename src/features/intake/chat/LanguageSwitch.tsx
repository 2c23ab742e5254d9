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
  const loading = switching !== null && !switching.failed
  return (
    <div className={styles.switch}>
      <select
        className={styles.select}
        aria-label={label}
        // While a language loads it shows as chosen; after a failed load, the language the chat still speaks.
        value={loading ? switching.to : current}
        aria-busy={loading}
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
