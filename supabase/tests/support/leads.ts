/** A lead as the intake sends it (spec section 7): an array of one record, client-generated id. */
export function newLead(overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    name: 'Asha Rao',
    phone: '9876543210',
    email: 'asha.rao@example.com',
    city: 'Pune',
    occasion: 'Wedding',
    product_type: 'Ring',
    budget_range: '₹50,000 - ₹1,00,000',
    design_preference: 'Traditional',
    metal_choice: 'Gold',
    gold_carat: '22K',
    stone_type: 'Diamond',
    diamond_shape: 'Round',
    timeline: 'Within 1 month',
    reference_image: '',
    status: 'pending',
    ...overrides,
  }
}
