import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { Button } from '@/components/plain/Button'
import type { FormFieldId } from '../flow/flow-vocabulary'
import type { FormFieldSpec } from '../machine/intake-types'
import { contactFieldError } from './contact-field-error'
import type { ShownPrivacy } from './shown-texts'
import styles from './ContactFormPanel.module.css'

interface ContactFormPanelProps {
  /** What screen readers call the form. */
  label: string
  fields: FormFieldSpec[]
  submitLabel: string
  /** A line about the form (how the details are used): shown above the button, the form's description for screen readers. */
  notice?: string | undefined
  /** The privacy notice above the fields, with its link, and the marketing opt-in under them (the form asking for name and phone). */
  privacy?: ShownPrivacy | undefined
  /** The answers given before, when the form is asked again. */
  values?: Record<string, string>
  /** `marketing`: the opt-in's tick, when the form shows it. */
  onSubmit: (values: Record<string, string>, marketing?: boolean) => void
}

const inputProps: Record<FormFieldId, Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>> = {
  name: { autoComplete: 'name' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  email: { type: 'email', autoComplete: 'email' },
  city: { autoComplete: 'address-level2' },
}

/** A form step: each field is checked on every keystroke; Continue stays disabled until all are valid. */
export function ContactFormPanel({ label, fields, submitLabel, notice, privacy, values: given, onSubmit }: ContactFormPanelProps) {
  const formId = useId()
  const noticeId = `${formId}-notice`
  const [marketing, setMarketing] = useState(privacy?.marketingChosen ?? false)
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.id, given?.[field.id] ?? ''])))
  const [touched, setTouched] = useState<Record<string, boolean>>(() => Object.fromEntries(fields.map((field) => [field.id, !!given?.[field.id]])))
  const errors = Object.fromEntries(fields.map((field) => [field.id, contactFieldError(field, values[field.id] ?? '')]))
  const ready = fields.every((field) => (values[field.id] ?? '').trim() !== '' && errors[field.id] === null)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(Object.fromEntries(fields.map((field) => [field.id, true])))
    if (ready) onSubmit(values, privacy ? marketing : undefined)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label} aria-describedby={notice ? noticeId : undefined}>
      {privacy && (
        <div className={styles.privacy}>
          <p>{privacy.summary}</p>
          <a className={styles.privacyLink} href={privacy.href} target="_blank" rel="noopener">
            {privacy.link}
          </a>
        </div>
      )}
      {fields.map((field) => {
        const value = values[field.id] ?? ''
        const error = touched[field.id] ? errors[field.id] : null
        const inputId = `${formId}-${field.id}`
        return (
          <div key={field.id} className={styles.field}>
            <label htmlFor={inputId} className={styles.label}>
              {field.label}
            </label>
            <input
              id={inputId}
              className={styles.input}
              name={field.id}
              value={value}
              placeholder={field.placeholder}
              maxLength={300}
              required
              aria-invalid={error !== null}
              aria-describedby={error ? `${inputId}-error` : undefined}
              {...inputProps[field.id]}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field.id]: event.target.value }))
                setTouched((current) => ({ ...current, [field.id]: true }))
              }}
              onBlur={() => setTouched((current) => ({ ...current, [field.id]: true }))}
            />
            {error && (
              <p id={`${inputId}-error`} className={styles.error}>
                {error}
              </p>
            )}
          </div>
        )
      })}
      {privacy && (
        <label className={styles.optIn}>
          <input type="checkbox" name="whatsapp_marketing" checked={marketing} onChange={(event) => setMarketing(event.target.checked)} />
          <span className={styles.box} aria-hidden="true" />
          <span>{privacy.marketing}</span>
        </label>
      )}
      {notice && (
        <p id={noticeId} className={styles.notice}>
          {notice}
        </p>
      )}
      <Button type="submit" disabled={!ready}>
        {submitLabel}
      </Button>
    </form>
  )
}
