import * as z from 'zod/mini'

const optionalText = z.optional(z.nullable(z.string()))
const optionalNumber = z.optional(z.nullable(z.number()))

/** One priced line as the customer sees it: its kind, amount and the fields its kind has. */
const customerLineSchema = z.object({
  kind: z.string(),
  amount_paise: z.number(),
  label: optionalText,
  metal: optionalText,
  weight_mg: optionalNumber,
  rate_paise_per_gram: optionalNumber,
  basis: optionalText,
  stone_type: optionalText,
  count: optionalNumber,
  carat_mct: optionalNumber,
  certificate: optionalText,
})

export type CustomerQuoteLine = z.infer<typeof customerLineSchema>

/** What a quote's link shows its customer, and nothing else: no phone, no staff, no other versions. */
export const customerQuoteSchema = z.object({
  version: z.number(),
  status: z.enum(['shared', 'changes_requested', 'approved']),
  valid_until: z.string(),
  language: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  lines: z.array(customerLineSchema),
  subtotal_paise: z.number(),
  discount_paise: z.number(),
  taxable_paise: z.number(),
  gst_bps: z.number(),
  gst_paise: z.number(),
  total_paise: z.number(),
  customer_comment: z.nullable(z.string()),
  approved_at: z.nullable(z.string()),
  approved_name: z.nullable(z.string()),
  reference_image: z.nullable(z.string()),
  design_images: z.array(z.string()),
})

export type CustomerQuote = z.infer<typeof customerQuoteSchema>
