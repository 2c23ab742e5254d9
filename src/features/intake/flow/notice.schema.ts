import { z } from 'zod'
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
  })
  .describe('The privacy notice a visitor sees before giving their details, and the marketing opt-in')

export type FlowNotice = z.infer<typeof noticeSchema>
