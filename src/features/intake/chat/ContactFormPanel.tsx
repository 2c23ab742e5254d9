import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { Button } from '@/components/plain/Button'
import type { FormFieldId } from '../flow/flow-vocabulary'
import type { FormFieldSpec } from '../machine/intake-types'
import { contactFieldError } from './contact-field-error'
import styles from './ContactFormPanel.module.css'

interface ContactFormPanelProps {
  /** What screen readers call the form. */
  label: string
  fields: FormFieldSpec[]
  submitLabel: string
  /** A line about the form (how the details are used): shown above the button, the form's description for screen readers. */
  notice?: string | undefined
  /** The answers given before, when the form is asked again. */
  values?: Record<string, string>
  onSubmit: (values: Record<string, string>) => void
}

const inputProps: Record<FormFieldId, Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>> = {
  name: { autoComplete: 'name' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  email: { type: 'email', autoComplete: 'email' },
  city: { autoComplete: 'address-level2' },
}

/** A form step: each field is checked on every keystroke; Continue stays disabled until all are valid. */
export function ContactFormPanel({ label, fields, submitLabel, notice, values: given, onSubmit }: ContactFormPanelProps) {
  const formId = useId()
  const noticeId = `${formId}-notice`
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.id, given?.[field.id] ?? ''])))
  const [touched, setTouched] = useState<Record<string, boolean>>(() => Object.fromEntries(fields.map((field) => [field.id, !!given?.[field.id]])))
  const errors = Object.fromEntries(fields.map((field) => [field.id, contactFieldError(field, values[field.id] ?? '')]))
  const ready = fields.every((field) => (values[field.id] ?? '').trim() !== '' && errors[field.id] === null)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(Object.fromEntries(fields.map((field) => [field.id, true])))
    if (ready) onSubmit(values)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label} aria-describedby={notice ? noticeId : undefined}>
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
