import * as z from 'zod/mini'
import type { FormFieldId } from '../flow/flow-vocabulary'

// zod/mini: these schemas run on the visitor's first screen, where full zod would cost ~20 KB gzipped.
const lettersAndSpaces = /^[A-Za-z ]+$/

export const nameSchema = z.string({ error: 'Invalid name' }).check(
  z.trim(),
  z.minLength(3, 'Name must be at least 3 characters long'),
  z.maxLength(50, 'Name must be less than 50 characters'),
  z.regex(lettersAndSpaces, 'Name can only contain letters and spaces'),
)

export const phoneSchema = z
  .string({ error: 'Invalid phone number' })
  .check(z.trim(), z.regex(/^\d{10}$/, 'Phone number must be exactly 10 digits'))

export const emailSchema = z.pipe(
  z
    .string({ error: 'Invalid email' })
    .check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(255, 'Email must be less than 255 characters')),
  z.email('Please enter a valid email address'),
)

export const citySchema = z.string({ error: 'Invalid city' }).check(
  z.trim(),
  z.minLength(2, 'City must be at least 2 characters long'),
  z.maxLength(50, 'City must be less than 50 characters'),
  z.regex(lettersAndSpaces, 'City can only contain letters and spaces'),
)

export const contactFieldSchemas = { name: nameSchema, phone: phoneSchema, email: emailSchema, city: citySchema }

/** The schema of one form of the flow: only its fields, each trimmed and checked with the spec's messages. */
export function contactFormSchema(fields: readonly FormFieldId[]) {
  return z.strictObject(Object.fromEntries(fields.map((id) => [id, contactFieldSchemas[id]])))
}
