import type { Lead } from './lead.schema'

/** A complete lead for tests; override what the test is about. */
export function aLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'lead-1',
    name: 'Aarav Sharma',
    phone: '9876543210',
    email: 'aarav@example.in',
    city: 'Mumbai',
    occasion: 'Engagement/Wedding',
    product_type: 'Ring',
    budget_range: '₹1L – ₹2.5L',
    design_preference: 'Expert Suggestions',
    metal_choice: '',
    gold_carat: '',
    stone_type: '',
    diamond_shape: '',
    timeline: 'Flexible',
    reference_image: '',
    status: 'pending',
    created_at: '2026-11-20T05:00:00.000Z',
    updated_at: null,
    ...overrides,
  }
}
