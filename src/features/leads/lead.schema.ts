import * as z from 'zod/mini'

export const leadStatuses = ['pending', 'contacted', 'closed'] as const
export const leadStatusSchema = z.enum(leadStatuses)
export type LeadStatus = z.infer<typeof leadStatusSchema>

const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value ?? ''),
)

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: optionalText,
  city: optionalText,
  occasion: optionalText,
  product_type: optionalText,
  budget_range: optionalText,
  design_preference: optionalText,
  metal_choice: optionalText,
  gold_carat: optionalText,
  stone_type: optionalText,
  diamond_shape: optionalText,
  timeline: optionalText,
  reference_image: optionalText,
  status: leadStatusSchema,
  created_at: z.string(),
  updated_at: z.nullish(z.string()),
})

export type Lead = z.infer<typeof leadSchema>
