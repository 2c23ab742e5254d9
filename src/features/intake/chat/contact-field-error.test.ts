import { expect, test } from 'vitest'
import { contactFieldError } from './contact-field-error'

test('each field gives the first rule its value breaks, with the spec message, or null', () => {
  expect(contactFieldError('name', '  Asha Rao  ')).toBeNull()
  expect(contactFieldError('name', '')).toBe('Name must be at least 3 characters long')
  expect(contactFieldError('name', 'Asha 2')).toBe('Name can only contain letters and spaces')
  expect(contactFieldError('phone', '98765 43210')).toBe('Phone number must be exactly 10 digits')
  expect(contactFieldError('email', '   ')).toBe('Email is required')
  expect(contactFieldError('email', 'asha@')).toBe('Please enter a valid email address')
  expect(contactFieldError('city', 'x'.repeat(10_000))).toBe('City must be less than 50 characters')
})
