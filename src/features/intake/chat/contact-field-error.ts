import type { FormFieldId } from '../flow/flow-vocabulary'
import { contactFieldSchemas } from '../forms/contact-form.schema'

/** The first rule a field's value breaks, with the spec's message, or null when it is valid. */
export function contactFieldError(field: FormFieldId, value: string): string | null {
  const result = contactFieldSchemas[field].safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
