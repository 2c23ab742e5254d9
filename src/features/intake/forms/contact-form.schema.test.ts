import { describe, expect, it } from 'vitest'
import { formFieldRules, type FormFieldId } from '../flow/flow-vocabulary'
import { contactFieldSchema, contactFormSchema } from './contact-form.schema'

/** Each rule's message is its own name here, so a test reads which rule a value broke. */
const field = (id: FormFieldId) => ({ id, errors: Object.fromEntries(formFieldRules[id].map((rule) => [rule, rule])) })
const brokenRule = (id: FormFieldId, value: unknown) => contactFieldSchema(field(id)).safeParse(value).error?.issues[0]?.message
const accepted = (id: FormFieldId, value: unknown) => contactFieldSchema(field(id)).parse(value)

describe('contact form fields', () => {
  it('name: trimmed, 3 to 50 letters and spaces', () => {
    expect(accepted('name', '  Ananya Rao  ')).toBe('Ananya Rao')
    expect(brokenRule('name', 'Al')).toBe('too_short')
    expect(brokenRule('name', '   ')).toBe('too_short')
    expect(brokenRule('name', 'A'.repeat(51))).toBe('too_long')
    expect(brokenRule('name', 'Robert; DROP TABLE')).toBe('not_letters')
    expect(brokenRule('name', '<script>')).toBe('not_letters')
    expect(brokenRule('name', 42)).toBe('invalid')
    // Devanagari is letters too: the chat speaks Hindi.
    expect(accepted('name', ' प्रिया शर्मा ')).toBe('प्रिया शर्मा')
    expect(accepted('name', 'राम')).toBe('राम')
    expect(brokenRule('name', 'प्रिया१२')).toBe('not_letters')
    expect(brokenRule('name', 'प्रिया।')).toBe('not_letters')
    expect(brokenRule('name', 'Zoë Müller')).toBe('not_letters')
  })

  it('phone: trimmed, exactly 10 digits', () => {
    expect(accepted('phone', ' 9876543210 ')).toBe('9876543210')
    expect(brokenRule('phone', '98765')).toBe('not_ten_digits')
    expect(brokenRule('phone', '+919876543210')).toBe('not_ten_digits')
    expect(brokenRule('phone', '98765 43210')).toBe('not_ten_digits')
    expect(brokenRule('phone', undefined)).toBe('invalid')
  })

  it('email: trimmed, required, valid, at most 255', () => {
    expect(accepted('email', ' a@b.in ')).toBe('a@b.in')
    expect(brokenRule('email', '  ')).toBe('required')
    expect(brokenRule('email', 'priya@')).toBe('not_an_email')
    expect(brokenRule('email', `${'a'.repeat(250)}@b.com`)).toBe('too_long')
    expect(brokenRule('email', null)).toBe('invalid')
  })

  it('city: trimmed, 2 to 50 letters and spaces', () => {
    expect(accepted('city', ' New Delhi ')).toBe('New Delhi')
    expect(brokenRule('city', 'X')).toBe('too_short')
    expect(brokenRule('city', 'C'.repeat(51))).toBe('too_long')
    expect(brokenRule('city', 'Pune-411001')).toBe('not_letters')
    expect(accepted('city', 'नई दिल्ली')).toBe('नई दिल्ली')
    expect(brokenRule('city', {})).toBe('invalid')
  })

  it('a form accepts only its own fields', () => {
    const nameForm = contactFormSchema([field('name'), field('phone')])
    expect(nameForm.parse({ name: ' Ravi Kumar ', phone: '9000000000' })).toEqual({ name: 'Ravi Kumar', phone: '9000000000' })
    expect(nameForm.safeParse({ name: 'Ravi Kumar' }).success).toBe(false)
    expect(nameForm.safeParse({ name: 'Ravi Kumar', phone: '9000000000', status: 'closed' }).success).toBe(false)
    expect(nameForm.safeParse('Ravi').success).toBe(false)
  })
})
