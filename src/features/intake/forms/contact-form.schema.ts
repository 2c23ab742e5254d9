import * as z from 'zod/mini'
import type { FormFieldId, FormFieldRule } from '../flow/flow-vocabulary'

// zod/mini: these schemas run on the visitor's first screen, where full zod would cost ~20 KB gzipped.
// Letters are Latin or Devanagari (the chat speaks Hindi); the database holds the same rule (20261122002000).
// eslint-disable-next-line no-misleading-character-class -- the vowel signs are combining marks on purpose: each is allowed after a letter
const lettersAndSpaces = /^[A-Za-z\u0900-\u0963\u0971-\u097F ]+$/

type RuleMessages<TField extends FormFieldId> = Record<FormFieldRule<TField>, string>

/** The contact form's rules (docs/product.md, Contact form rules); the flow file gives each rule its message. */
const fieldRules: { [TField in FormFieldId]: (messages: RuleMessages<TField>) => z.ZodMiniType<string, unknown> } = {
  name: (messages) =>
    z.string({ error: messages.invalid }).check(
      z.trim(),
      z.minLength(3, messages.too_short),
      z.maxLength(50, messages.too_long),
      z.regex(lettersAndSpaces, messages.not_letters),
    ),
  phone: (messages) =>
    z.string({ error: messages.invalid }).check(z.trim(), z.regex(/^\d{10}$/, messages.not_ten_digits)),
  email: (messages) =>
    z.pipe(
      z.string({ error: messages.invalid }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(255, messages.too_long)),
      z.email(messages.not_an_email),
    ),
  city: (messages) =>
    z.string({ error: messages.invalid }).check(
      z.trim(),
      z.minLength(2, messages.too_short),
      z.maxLength(50, messages.too_long),
      z.regex(lettersAndSpaces, messages.not_letters),
    ),
}

/** A form field of the flow: which field, and the message of each of its rules. */
export interface CheckedFormField {
  id: FormFieldId
  errors: Readonly<Record<string, string>>
}

/** One field: trimmed, then checked by its rules, failing with the flow's message of the first rule broken. */
export function contactFieldSchema(field: CheckedFormField): z.ZodMiniType<string, unknown> {
  return fieldRules[field.id](field.errors as never)
}

/** The schema of one form of the flow: only its fields, each trimmed and checked. */
export function contactFormSchema(fields: readonly CheckedFormField[]) {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field.id, contactFieldSchema(field)])))
}
