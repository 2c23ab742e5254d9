import { z } from 'zod'
import { advanceModes, allOrderStages } from '../../../lib/order-stages.ts'
import { quoteStatuses } from '../../../lib/quote-statuses.ts'
import { text } from './flow-texts.schema.ts'

/** A notice's version as the database accepts it: lower-case letters and digits in hyphen-separated groups, e.g. `2026-11-26`. */
export const noticeVersionPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

const days = z.number({ error: 'a retention period is a whole number of days' }).int('a retention period is a whole number of days').min(1).max(3650)

/** How long the business keeps what it collects, in days: the retention settings' defaults, which the notice states. */
export const noticeRetentionSchema = z
  .strictObject({
    unconverted_lead_days: days.describe('A lead never booked or won, counted from its last activity'),
    closed_lead_days: days.describe('A closed lead, counted from its closing (accounting)'),
    unfinished_chat_days: days.describe("An unfinished chat's name and phone"),
  })
  .describe("The retention settings' defaults in days; a test checks them against the database's")

/** The names the notice's text may use: the retention numbers and the brand's phone. */
export const noticePlaceholders = [...Object.keys(noticeRetentionSchema.shape), 'business_phone'] as const

/** The names the Privacy notice page's texts may use beside the notice's: the brand's title and address, the notice's version. */
export const privacyPagePlaceholders = [...noticePlaceholders, 'business', 'address', 'version'] as const

const section = z.strictObject({ heading: text, body: text.describe('Paragraphs separated by a blank line') })

/** The sections of the Privacy notice page, in the order it shows them. */
const privacySectionNames = ['who_we_are', 'what_we_collect', 'how_long', 'your_rights', 'marketing', 'grievance'] as const

export const privacyPageSchema = z
  .strictObject({
    title: text.describe("The page's heading and the browser tab's title"),
    sections: z
      .strictObject(Object.fromEntries(privacySectionNames.map((name) => [name, section])) as Record<(typeof privacySectionNames)[number], typeof section>)
      .describe(
        'Who we are (brand, address, phone), what we collect and why, how long (the retention days), your rights (the My data page), WhatsApp marketing, grievance contact',
      ),
    my_data: text.describe('The link to the My data page (/my-data) under "your rights"'),
    version_line: text.describe("The notice's version at the foot of the page; may use {{version}}"),
    back: text.describe('The link back to the chat'),
  })
  .describe('The full Privacy notice page (/privacy, ?lang= for a translation); its texts may use {{business}}, {{address}}, {{business_phone}}, {{version}} and the retention days')

/** The names the My data page's texts may use: a date or time, a comment's length and its most, the request's deadline, a quote's version, an advance's amount and mode. */
export const myDataPagePlaceholders = ['date', 'count', 'most', 'version', 'amount', 'mode'] as const

const myDataTexts = {
  title: 'The heading and the browser tab\'s title',
  intro: 'What the page is for, under the heading',
  phone_label: "The phone number field's label",
  phone_invalid: 'Said when the phone number is not 10 digits',
  ask_code: 'The button asking for a code',
  asking: 'The button while the code is asked for',
  code_sent: 'The one answer for every phone: a code will come on WhatsApp if data is held',
  code_label: "The 6-digit code field's label",
  code_invalid: 'Said when the code is not 6 digits',
  open: 'The button opening My data with the code',
  opening: 'Said while My data opens',
  not_valid: 'Said for a wrong, used or expired code or link',
  expired: 'Said when the 30-minute session ended: the visitor starts again',
  failed: 'Said when the business could not be reached',
  try_again: 'The button after a failure',
  start_again: 'The button back to the phone number',
  held_title: 'The heading of what is held',
  lead_title: 'The heading of one saved enquiry; {{date}} is when it was saved',
  consent_withdrawn: 'Under an enquiry whose consent was withdrawn; {{date}} is when',
  appointments: 'The heading of the appointments',
  notes: "The heading of the team's notes about the visitor",
  follow_ups: 'The heading of the follow-up dates',
  chats: 'The heading of the chats',
  chat_line: 'One chat; {{date}} is when it started',
  images: 'The heading of the reference images',
  quotes: 'The heading of the quotes, every version',
  quote_title: 'One quote version; {{version}} is its number, {{date}} when it was made',
  orders: 'The heading of the orders',
  order_title: 'One order; {{date}} is when it was placed, {{version}} the number of the quote version approved',
  total: "A quote's or an order's total",
  status: "A quote's status or an order's stage",
  valid_until: 'The last day a quote is valid',
  comment: "The visitor's own comment on a quote (the changes they asked for)",
  approved_by: 'The name the visitor approved a quote with',
  approved_on: 'When the visitor approved a quote',
  design_images: "The names of a quote's design images",
  advance: "An order's advance; its value is advance_line",
  advance_line: "An order's advance: {{amount}} paid by {{mode}} (an advance_mode_ text) on {{date}}",
  cancel_reason: 'Why an order was cancelled',
  nothing: 'Said under a heading with nothing in it',
  download: 'The button downloading the data as a JSON file',
  withdraw: 'The button withdrawing consent',
  withdraw_question: 'The question before withdrawing',
  withdraw_confirm: 'The button confirming the withdrawal',
  withdrawing: 'The button while withdrawing',
  withdrawn: 'Said once consent is withdrawn',
  erase: 'The button asking for erasure',
  erase_comment: "The optional comment's label",
  erase_count: "The comment's length; {{count}} characters of {{most}}",
  erase_send: 'The button sending the erasure request',
  erasing: 'The button while sending',
  erase_requested: 'Said once the request is received; {{date}} is its deadline',
  back: 'The button leaving a question unanswered',
} as const

type QuoteStatusKey = `quote_status_${(typeof quoteStatuses)[number]}`
type OrderStageKey = `order_stage_${(typeof allOrderStages)[number]}`
type AdvanceModeKey = `advance_mode_${(typeof advanceModes)[number]}`

/** A quote's status, an order's stage and an advance's mode as the visitor reads them: one text for each the database knows. */
const myDataWordTexts = {
  ...Object.fromEntries(quoteStatuses.map((status) => [`quote_status_${status}`, `A quote version's status: ${status}`])),
  ...Object.fromEntries(allOrderStages.map((stage) => [`order_stage_${stage}`, `An order's stage: ${stage}`])),
  ...Object.fromEntries(advanceModes.map((mode) => [`advance_mode_${mode}`, `How an advance was paid: ${mode}`])),
} as Record<QuoteStatusKey | OrderStageKey | AdvanceModeKey, string>

export const myDataPageSchema = z
  .strictObject(
    Object.fromEntries(Object.entries({ ...myDataTexts, ...myDataWordTexts }).map(([key, about]) => [key, text.describe(about)])) as Record<
      keyof typeof myDataTexts | keyof typeof myDataWordTexts,
      typeof text
    >,
  )
  .describe("The visitor's My data page (/my-data, ?lang= for a translation); its texts may use {{date}}, {{count}}, {{most}}, {{version}}, {{amount}} and {{mode}}")

export const noticeSchema = z
  .strictObject({
    version: z
      .string({ error: 'expected the notice version' })
      .max(32, 'a notice version has at most 32 characters')
      .regex(noticeVersionPattern, 'a notice version is a date (2026-11-26) or a short slug (lower-case letters, digits, hyphens)')
      .describe('Change it whenever the notice says something new: each lead records the version its visitor saw'),
    retention: noticeRetentionSchema,
    summary: text.describe(
      'The short notice shown before the name form: what is collected, why, how long, how to withdraw, whom to contact; may use {{unconverted_lead_days}}, {{closed_lead_days}}, {{unfinished_chat_days}}, {{business_phone}}',
    ),
    privacy_link: text.describe('The link under the notice to the full Privacy notice page (/privacy)'),
    marketing: text.describe('The separate, unticked WhatsApp marketing opt-in at the name form'),
    page: privacyPageSchema,
    my_data: myDataPageSchema,
  })
  .describe('The privacy notice a visitor sees before giving their details, and the marketing opt-in')

export type FlowNotice = z.infer<typeof noticeSchema>
