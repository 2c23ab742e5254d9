import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error'
import { leadChatFields, leadFields } from '@/lib/lead-fields'
import { noticeColumns } from '@/lib/notice-record'
import { createLeadId } from './lead-id'
import { buildLeadPayload } from './lead-payload'
import { saveErrorKind, toSaveError } from './save-error-message'

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
  const unanswered = Object.fromEntries(leadFields.map((field) => [field.name, ''])) as Parameters<typeof buildLeadPayload>[1]

  const notice = { notice_version: '2026-11-26', notice_language: 'hi', notice_seen_at: '2026-11-26T05:00:00.000Z', whatsapp_marketing: true }

  it('holds the id, every declared field, the chat language, the notice seen and the opt-in, and status pending; unanswered answers empty, no image null', () => {
    const answers = { ...unanswered, name: 'Kavya Nair', phone: '9988776655', occasion: 'Festival' }
    expect(buildLeadPayload('id-1', answers, 'hi', notice)).toEqual({ id: 'id-1', ...answers, reference_image: null, language: 'hi', ...notice, status: 'pending' })
    expect(Object.keys(buildLeadPayload('id-1', answers, 'en', notice)).sort()).toEqual(
      ['id', ...leadFields.map((f) => f.name), ...leadChatFields.map((f) => f.name), ...noticeColumns, 'status'].sort(),
    )
    expect(buildLeadPayload('id-1', { ...answers, reference_image: '0123456789abcdef0123456789abcdef.png' }, 'en', notice).reference_image).toBe('0123456789abcdef0123456789abcdef.png')
  })
})

describe('save error kinds, by code', () => {
  it.each([
    ['23505', 'duplicate'],
    ['23514', 'invalid'],
    ['23502', 'missing'],
    ['PGRST116', 'security'],
    ['42501', 'security'],
    ['08006', 'unexpected'],
    ['', 'unexpected'],
    ['constructor', 'unexpected'],
  ] as const)('%s gives %s', (code, kind) => {
    expect(saveErrorKind({ code, message: 'any wording' })).toBe(kind)
  })

  it('reads code and message from whatever was thrown', () => {
    expect(toSaveError(new ApiError('23505', 'dup'))).toEqual({ code: '23505', message: 'dup' })
    expect(toSaveError({ code: '23505', message: 'dup', details: null })).toEqual({ code: '23505', message: 'dup' })
    expect(toSaveError(new TypeError('Failed to fetch'))).toEqual({ code: '', message: 'Failed to fetch' })
    expect(toSaveError('boom')).toEqual({ code: '', message: 'boom' })
    expect(toSaveError(null)).toEqual({ code: '', message: '' })
    expect(toSaveError({ code: 23505, message: { nested: true } })).toEqual({ code: '', message: '' })
  })
})
