import { describe, expect, it } from 'vitest'
import { createLeadId } from './lead-id'
import { buildLeadPayload } from './lead-payload'
import { saveErrorKind, saveErrorMessages, toSaveError } from './save-error-message'

describe('lead id', () => {
  it('is a crypto UUID where crypto is available', () => {
    expect(createLeadId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(Array.from({ length: 1000 }, () => createLeadId())).size).toBe(1000)
  })

  it('falls back to the time plus a random part without crypto', () => {
    const ids = Array.from({ length: 1000 }, () => createLeadId({}))
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]+-[0-9a-z]+$/)
    expect(Math.abs(parseInt(ids[0]?.split('-')[0] ?? '', 36) - Date.now())).toBeLessThan(60_000)
    expect(new Set(ids).size).toBe(1000)
  })
})

describe('lead payload', () => {
  it('holds exactly the spec section 7 fields, pending, with empty strings for unanswered answers', () => {
    const answers = {
      name: 'Kavya Nair', phone: '9988776655', email: '', city: '', occasion: 'Festival', product_type: '', budget_range: '',
      design_preference: '', metal_choice: '', gold_carat: '', stone_type: '', diamond_shape: '', timeline: '', reference_image: '',
    }
    expect(buildLeadPayload('id-1', answers)).toEqual({ id: 'id-1', ...answers, reference_image: null, status: 'pending' })
    expect(buildLeadPayload('id-1', { ...answers, reference_image: '1732.png' }).reference_image).toBe('1732.png')
  })
})

describe('save error messages (spec section 8)', () => {
  it.each([
    [{ code: '23505', message: '' }, 'duplicate'],
    [{ code: '', message: 'duplicate key value violates unique constraint "leads_pkey"' }, 'duplicate'],
    [{ code: '23514', message: 'check' }, 'invalid'],
    [{ code: '23502', message: 'null' }, 'missing'],
    [{ code: 'PGRST116', message: '' }, 'security'],
    [{ code: '42501', message: 'new row violates row-level security policy for table "leads"' }, 'security'],
    [{ code: '08006', message: 'connection failure' }, 'unexpected'],
    [{ code: '', message: '' }, 'unexpected'],
  ] as const)('%o gives %s', (error, kind) => {
    expect(saveErrorKind(error)).toBe(kind)
  })

  it('reads code and message from whatever was thrown', () => {
    expect(toSaveError({ code: '23505', message: 'dup', details: null })).toEqual({ code: '23505', message: 'dup' })
    expect(toSaveError(new TypeError('Failed to fetch'))).toEqual({ code: '', message: 'Failed to fetch' })
    expect(toSaveError('boom')).toEqual({ code: '', message: 'boom' })
    expect(toSaveError(null)).toEqual({ code: '', message: '' })
    expect(toSaveError({ code: 23505, message: { nested: true } })).toEqual({ code: '', message: '' })
    expect(saveErrorMessages.unexpected).toBe('Sorry, there was an unexpected error. Please try again or contact us directly.')
  })
})
