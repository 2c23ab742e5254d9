import type { Answers } from '../machine/intake-types'

/** The record inserted into leads (spec section 7); the api layer sends it as an array of one. */
export interface LeadPayload {
  id: string
  name: string
  phone: string
  email: string
  city: string
  occasion: string
  product_type: string
  budget_range: string
  design_preference: string
  metal_choice: string
  gold_carat: string
  stone_type: string
  diamond_shape: string
  timeline: string
  reference_image: string | null
  status: 'pending'
}

/** Unanswered answers are empty strings; no uploaded image is null. */
export function buildLeadPayload(id: string, answers: Answers): LeadPayload {
  return {
    id,
    name: answers.name,
    phone: answers.phone,
    email: answers.email,
    city: answers.city,
    occasion: answers.occasion,
    product_type: answers.product_type,
    budget_range: answers.budget_range,
    design_preference: answers.design_preference,
    metal_choice: answers.metal_choice,
    gold_carat: answers.gold_carat,
    stone_type: answers.stone_type,
    diamond_shape: answers.diamond_shape,
    timeline: answers.timeline,
    reference_image: answers.reference_image === '' ? null : answers.reference_image,
    status: 'pending',
  }
}
