import { expect, test } from 'vitest'
import { contactFieldError } from './contact-field-error'

const name = { id: 'name' as const, errors: { too_short: 'Longer, please', too_long: 'Shorter, please', not_letters: 'Letters only', invalid: 'Not a name' } }
const email = { id: 'email' as const, errors: { required: 'Needed', not_an_email: 'Not an email', too_long: 'Too long', invalid: 'Not an email' } }

test('a field gives the message its flow sets for the first rule its value breaks, or null', () => {
  expect(contactFieldError(name, '  Asha Rao  ')).toBeNull()
  expect(contactFieldError(name, '')).toBe('Longer, please')
  expect(contactFieldError(name, 'Asha 2')).toBe('Letters only')
  expect(contactFieldError(name, 'x'.repeat(10_000))).toBe('Shorter, please')
  expect(contactFieldError(email, '   ')).toBe('Needed')
  expect(contactFieldError(email, 'asha@')).toBe('Not an email')
})
