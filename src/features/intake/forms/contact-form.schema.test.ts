import { describe, expect, it } from 'vitest'
import { citySchema, contactFormSchema, emailSchema, nameSchema, phoneSchema } from './contact-form.schema'

const firstError = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message

describe('contact form fields (spec section 5)', () => {
  it('name: trimmed, 3 to 50 letters and spaces', () => {
    expect(nameSchema.parse('  Ananya Rao  ')).toBe('Ananya Rao')
    expect(firstError(nameSchema, 'Al')).toBe('Name must be at least 3 characters long')
    expect(firstError(nameSchema, '   ')).toBe('Name must be at least 3 characters long')
    expect(firstError(nameSchema, 'A'.repeat(51))).toBe('Name must be less than 50 characters')
    expect(firstError(nameSchema, 'Robert; DROP TABLE')).toBe('Name can only contain letters and spaces')
    expect(firstError(nameSchema, '<script>')).toBe('Name can only contain letters and spaces')
    expect(firstError(nameSchema, 42)).toBe('Invalid name')
  })

  it('phone: trimmed, exactly 10 digits', () => {
    expect(phoneSchema.parse(' 9876543210 ')).toBe('9876543210')
    expect(firstError(phoneSchema, '98765')).toBe('Phone number must be exactly 10 digits')
    expect(firstError(phoneSchema, '+919876543210')).toBe('Phone number must be exactly 10 digits')
    expect(firstError(phoneSchema, '98765 43210')).toBe('Phone number must be exactly 10 digits')
    expect(firstError(phoneSchema, undefined)).toBe('Invalid phone number')
  })

  it('email: trimmed, required, valid, at most 255', () => {
    expect(emailSchema.parse(' a@b.in ')).toBe('a@b.in')
    expect(firstError(emailSchema, '  ')).toBe('Email is required')
    expect(firstError(emailSchema, 'priya@')).toBe('Please enter a valid email address')
    expect(firstError(emailSchema, `${'a'.repeat(250)}@b.com`)).toBe('Email must be less than 255 characters')
    expect(firstError(emailSchema, null)).toBe('Invalid email')
  })

  it('city: trimmed, 2 to 50 letters and spaces', () => {
    expect(citySchema.parse(' New Delhi ')).toBe('New Delhi')
    expect(firstError(citySchema, 'X')).toBe('City must be at least 2 characters long')
    expect(firstError(citySchema, 'C'.repeat(51))).toBe('City must be less than 50 characters')
    expect(firstError(citySchema, 'Pune-411001')).toBe('City can only contain letters and spaces')
    expect(firstError(citySchema, {})).toBe('Invalid city')
  })

  it('a form accepts only its own fields', () => {
    const nameForm = contactFormSchema(['name', 'phone'])
    expect(nameForm.parse({ name: ' Ravi Kumar ', phone: '9000000000' })).toEqual({ name: 'Ravi Kumar', phone: '9000000000' })
    expect(nameForm.safeParse({ name: 'Ravi Kumar' }).success).toBe(false)
    expect(nameForm.safeParse({ name: 'Ravi Kumar', phone: '9000000000', status: 'closed' }).success).toBe(false)
    expect(nameForm.safeParse('Ravi').success).toBe(false)
  })
})
