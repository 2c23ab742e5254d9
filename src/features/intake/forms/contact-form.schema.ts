import { z } from 'zod'
import type { FormFieldId } from '../flow/flow.schema'

const lettersAndSpaces = /^[A-Za-z ]+$/

export const nameSchema = z
  .string({ error: 'Invalid name' })
  .trim()
  .min(3, 'Name must be at least 3 characters long')
  .max(50, 'Name must be less than 50 characters')
  .regex(lettersAndSpaces, 'Name can only contain letters and spaces')

export const phoneSchema = z
  .string({ error: 'Invalid phone number' })
  .trim()
  .regex(/^\d{10}$/, 'Phone number must be exactly 10 digits')

export const emailSchema = z
  .string({ error: 'Invalid email' })
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be less than 255 characters')
  .pipe(z.email('Please enter a valid email address'))

export const citySchema = z
  .string({ error: 'Invalid city' })
  .trim()
  .min(2, 'City must be at least 2 characters long')
  .max(50, 'City must be less than 50 characters')
  .regex(lettersAndSpaces, 'City can only contain letters and spaces')

export const contactFieldSchemas = { name: nameSchema, phone: phoneSchema, email: emailSchema, city: citySchema }

/** The schema of one form of the flow: only its fields, each trimmed and checked with the spec's messages. */
export function contactFormSchema(fields: readonly FormFieldId[]) {
  return z.strictObject(Object.fromEntries(fields.map((id) => [id, contactFieldSchemas[id]])))
}
