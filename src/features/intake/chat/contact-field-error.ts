import { contactFieldSchema, type CheckedFormField } from '../forms/contact-form.schema'

/** The first rule a field's value breaks, with the flow's message, or null when it is valid. */
export function contactFieldError(field: CheckedFormField, value: string): string | null {
  const result = contactFieldSchema(field).safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
