import { z } from 'zod'
import { text } from './flow-texts.schema.ts'

/** The names the quote page's texts may use: the first name, a number, a date, an amount, a count and its most. */
export const quotePagePlaceholders = ['name', 'number', 'date', 'amount', 'weight', 'rate', 'count', 'most', 'detail'] as const

const quotePageTexts = {
  title: "The page's heading and the browser tab's title",
  loading: 'Shown while the quote loads',
  greeting: 'The line under the heading; {{name}} is the first name',
  version_line: "The quote's version; {{number}} is its number",
  valid_until: 'When the quote stops being valid; {{date}}',
  metal_line: 'A metal line: {{detail}} is the metal, {{weight}} the grams, {{rate}} the rupees per gram',
  making_line: 'The making charges line',
  stone_line: 'A stone line: {{detail}} is the kind of stone, {{count}} how many',
  discount_line: 'The discount line',
  subtotal: 'The sum of the lines',
  taxable: 'The value GST is charged on (after the discount)',
  gst: 'The GST line; {{rate}} is the percentage',
  total: 'The total to pay',
  reference_image: "The heading of the customer's own reference photo",
  design_images: 'The heading of the designs the team attached',
  design_alt: 'A design image\'s description for screen readers; {{number}} is its place',
  approve: 'The button that starts approving',
  name_label: 'The field for the name the customer approves with',
  name_invalid: 'Said when the name is empty or longer than {{most}} characters',
  approve_confirm: 'The button that approves for good',
  approving: 'The button while approving',
  ask_changes: 'The button that starts asking for changes',
  comment_label: 'The field for what to change',
  comment_count: "The comment's length; {{count}} characters of {{most}}",
  comment_invalid: 'Said when the comment is empty or longer than {{most}} characters',
  send_changes: 'The button that sends the comment',
  sending: 'The button while sending',
  back: 'Leaves the name or the comment without sending',
  approved_title: 'The heading once approved (final)',
  approved: 'Who approved and when; {{name}} and {{date}}',
  changes_requested: 'Said once changes were asked for; the comment follows',
  expired_title: 'The heading of an expired quote',
  expired: 'What to do about an expired quote: call or WhatsApp the business',
  superseded_title: 'The heading when a newer version was sent',
  superseded: 'What to do when a newer version was sent',
  not_valid_title: 'The heading of a wrong or tampered link',
  not_valid: 'The one message for a wrong or tampered link',
  too_many_title: 'The heading after too many tries from one address',
  too_many: 'What to do after too many tries',
  failed: 'When the page could not reach the business',
  try_again: 'Tries again after failed',
  call: "The link that calls the business (the brand's phone)",
  whatsapp: "The link that opens WhatsApp with the business",
  whatsapp_message: 'The message the WhatsApp link prefills for an expired or replaced quote',
} as const

export const quotePageSchema = z
  .strictObject(Object.fromEntries(Object.entries(quotePageTexts).map(([key, about]) => [key, text.describe(about)])) as Record<keyof typeof quotePageTexts, typeof text>)
  .describe("Texts of the customer's page for a quote (/quote#<token>, ?lang= for a translation)")

export type QuotePageTexts = z.infer<typeof quotePageSchema>
