import { buildLeadPayload, type LeadPayload } from '@/features/intake/lead/lead-payload'
import type { Lead, LeadAnswers } from '@/lib/lead-fields'
import type { NoticeRecord } from '@/lib/notice-record'

/**
 * Valid answers for every declared lead field (they pass the database's checks); the technical
 * answers and the image are left empty, as a visitor who skips them leaves them.
 */
const sampleAnswers: LeadAnswers = {
  name: 'Aarav Sharma',
  phone: '9876543210',
  email: 'aarav@example.in',
  city: 'Mumbai',
  occasion: 'Engagement/Wedding',
  product_type: 'Ring',
  design_preference: 'Expert Suggestions',
  budget_range: '₹1L – ₹2.5L',
  timeline: 'Flexible',
  metal_choice: '',
  gold_carat: '',
  stone_type: '',
  diamond_shape: '',
  reference_image: '',
}

/** The notice a visitor saw just now, in English, without the marketing opt-in. */
export const aNotice = { notice_version: '2026-11-26', notice_language: 'en' } as const

/** A lead as the visitor chat sends it, with a fresh id and the notice seen (the database dates it): for backend and browser tests that insert leads. */
export function aLeadPayload(overrides: Partial<LeadPayload & NoticeRecord> = {}): LeadPayload & NoticeRecord {
  return { ...buildLeadPayload(crypto.randomUUID(), sampleAnswers, 'en', { ...aNotice, whatsapp_marketing: false }), ...overrides }
}

/** A stored lead as the dashboard reads it: for unit tests of the dashboard. */
export function aLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'lead-1',
    ...sampleAnswers,
    language: 'en',
    owner_id: null,
    returning: false,
    status: 'pending',
    created_at: '2026-11-20T05:00:00.000Z',
    updated_at: null,
    ...overrides,
  }
}
