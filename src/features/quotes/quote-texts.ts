import { errorCode } from '@/lib/api-error'
import { quoteLineTexts } from '@/lib/quote-line-text'

/** The quote builder's and the rates' wording (the dashboard's, in English). */
export const quoteTexts = {
  title: 'Quote',
  newQuote: 'New quote',
  loading: 'Loading the quotes...',
  loadFailed: 'Failed to load the quotes',
  retry: 'Retry',
  versions: 'Versions',
  version: (version: number) => `Version ${version}`,
  revise: 'Revise',
  share: 'Share quote',
  shareAgain: 'Share again',
  saveBeforeSharing: 'Save the draft before sharing it.',
  save: 'Save',
  saved: 'Quote saved',
  print: 'Print',
  addLine: 'Add line',
  remove: 'Remove',
  validUntil: 'Valid until',
  customerComment: 'Customer asked for changes:',
  approvedBy: (name: string) => `Approved by ${name}`,
  notEditable: 'This version is shared and cannot be edited: revise it instead.',
  lineKinds: { metal: 'Metal', making: quoteLineTexts.making, stone: 'Stones', other: 'Other', discount: quoteLineTexts.discount },
  makingBases: { per_gram: '₹ per gram', percent: '% of metal', flat: 'Flat ₹' },
  metal: 'Metal',
  grams: 'Net weight (g)',
  rate: '₹ per gram',
  todaysRate: (rate: string) => `Today's rate ${rate}`,
  rateFrom: (rate: string, date: string) => `Rate ${rate} from ${date}`,
  noRate: 'No rate set: enter one',
  value: 'Amount',
  stoneType: 'Stone type',
  count: 'Count',
  carats: 'Carat (each)',
  priceEach: 'Price each (₹)',
  certificate: 'Certificate',
  label: 'Description',
  amount: 'Amount (₹)',
  amountColumn: 'Amount',
  pricing: 'Pricing...',
  unreadable: 'Enter numbers only (grams to 3 decimals, rupees to 2).',
  linkTitle: 'Link for the customer (shown once: copy it now)',
  copy: 'Copy link',
  copied: 'Link copied',
  sendWhatsApp: 'Send on WhatsApp',
  designImages: 'Design images',
  attachImage: 'Attach image',
  designImageHelp: 'CAD renders or photos: JPEG, PNG or WebP, up to 5 MB each, at most 5 per version.',
  status: { draft: 'Draft', shared: 'Shared', changes_requested: 'Changes requested', approved: 'Approved', superseded: 'Superseded', expired: 'Expired' },
} as const

/** What the builder says for the database's and the upload's codes; anything else shows the message it came with. */
const problemTexts: Record<string, string> = {
  too_many_lines: 'A quote holds at most 50 lines.',
  weight_out_of_range: 'A metal weight must be more than 0 g and at most 1 kg.',
  rate_out_of_range: 'A rate must be from ₹1 to ₹1,00,000 per gram.',
  rate_not_set: "A metal has no rate today: set today's rate in Settings › Rates, or enter a rate on the line.",
  percent_out_of_range: 'Making charges as a percentage must be from 0% to 100%.',
  count_out_of_range: 'A stone count must be from 1 to 500.',
  carat_out_of_range: 'A stone weight must be more than 0 and at most 100 carats.',
  amount_out_of_range: 'An amount is over ₹10 crore or negative.',
  discount_too_large: 'The discount is larger than the subtotal.',
  invalid_line: 'A line is incomplete: fill in its description or type.',
  quote_not_editable: 'This version is shared and cannot be edited: revise it instead.',
  quote_not_shareable: 'This version cannot be shared any more: revise it instead.',
  quote_empty: 'Add at least one line before sharing.',
  quote_expired: 'The valid-until date has passed: change it, save, then share.',
  valid_until_out_of_range: 'Valid until must be from today to a year ahead.',
  draft_exists: 'This lead already has a draft: edit it instead.',
  lead_not_found: 'This lead cannot be quoted any more (another member took it, or it is gone).',
  quote_not_found: 'This quote is gone or no longer yours to edit.',
  not_admin: 'Only admins can change rates.',
  gst_out_of_range: 'GST must be from 0% to 28%.',
  rate_date_out_of_range: 'The date must be today or up to a year back.',
  unknown_metal: 'Unknown metal.',
  not_an_image: 'Attach a JPEG, PNG or WebP image.',
  empty: 'The file is empty.',
  too_large: 'The image is over 5 MB.',
  design_image_refused: 'Images can be added to or removed from a draft only, at most 5 per version.',
}

/** A refusal as the builder shows it: a clear sentence for a known code, the database's own message otherwise (it names the line). */
export function problemText(error: unknown): string {
  const text = problemTexts[errorCode(error)]
  if (text) {
    const line = error instanceof Error ? /^Line \d+/.exec(error.message)?.[0] : undefined
    return line ? `${line}: ${text}` : text
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong: please try again.'
}
