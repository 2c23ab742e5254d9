import * as z from 'zod/mini'
import { storedQuoteLineSchema } from '@/lib/stored-quote-line.schema'

/** What a quote's link shows its customer, and nothing else: no phone, no staff, no other versions. */
export const customerQuoteSchema = z.object({
  version: z.number(),
  status: z.enum(['shared', 'changes_requested', 'approved']),
  valid_until: z.string(),
  language: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  lines: z.array(storedQuoteLineSchema),
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
