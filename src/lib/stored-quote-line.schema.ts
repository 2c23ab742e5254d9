import * as z from 'zod/mini'

const optionalText = z.optional(z.nullable(z.string()))
const optionalNumber = z.optional(z.nullable(z.number()))

/** A priced line as a quote stores it (`price_quote`'s answer): its kind, amount and the fields its kind has. */
export const storedQuoteLineSchema = z.object({
  kind: z.string(),
  amount_paise: z.number(),
  label: optionalText,
  metal: optionalText,
  weight_mg: optionalNumber,
  rate_paise_per_gram: optionalNumber,
  basis: optionalText,
  paise_per_gram: optionalNumber,
  percent_bps: optionalNumber,
  stone_type: optionalText,
  count: optionalNumber,
  carat_mct: optionalNumber,
  price_each_paise: optionalNumber,
  certificate: optionalText,
})

export type StoredQuoteLine = z.infer<typeof storedQuoteLineSchema>
