import { z } from 'zod'
import { formFieldIds, formFieldRules, referenceImageProblems, type ReferenceImageProblem } from './flow-vocabulary.ts'

/** The texts of the chat's panels: what the visitor reads around the bot's messages. */
export const text = z.string({ error: 'expected text' }).min(1, 'text must not be empty')

export const chatTextsSchema = z
  .strictObject({
    typing: text.describe('Shown while the bot prepares a message'),
    log_label: text.describe('What screen readers call the conversation'),
    options_label: text.describe("What screen readers call a question's buttons"),
    form_label: text.describe('What screen readers call a form'),
    loading: text.describe('Shown while a panel loads'),
    edit: text.describe("The button on the visitor's answer that asks the question again, e.g. \"Edit {{step}}\""),
    changed: text.describe('Said after the visitor changed an answer, e.g. "Changed {{step}}: {{from}} → {{to}}"'),
    tagline: text.describe('The line under the brand in the header'),
    language: text.describe('What screen readers call the language switch'),
    language_failed: text.describe("Shown when a language's texts could not be loaded"),
  })
  .describe('Texts of the chat around the messages')

const formFieldOptions = formFieldIds.map((id) =>
  z.strictObject({
    id: z.literal(id),
    label: text,
    placeholder: z.string().optional(),
    errors: z
      .strictObject(Object.fromEntries(formFieldRules[id].map((rule) => [rule, text])))
      .describe(`The message of each rule a ${id} must meet: ${formFieldRules[id].join(', ')}`),
  }),
)

export const formFieldSchema = z.discriminatedUnion('id', formFieldOptions as [(typeof formFieldOptions)[number]], {
  error: `unknown form field (known: ${formFieldIds.join(', ')})`,
})

export const uploadAreaSchema = z
  .strictObject({
    prompt: text.describe('The upload area before a file is picked'),
    uploading: text.describe('The upload area while the file uploads'),
    hint: text.describe('Which files are accepted'),
    refused: z
      .strictObject(Object.fromEntries(referenceImageProblems.map((problem) => [problem, text])) as Record<ReferenceImageProblem, typeof text>)
      .describe('Why a picked file is refused before it is sent'),
  })
  .describe('Texts of the upload area')

export const schedulerCardSchema = z
  .strictObject({
    title: text,
    hours: text.describe('The line above the calendar: times are IST, only days with a free time can be picked'),
    prompt: text.describe('The line that asks for a date and a time'),
    times_label: text.describe("What screen readers call the day's time slots"),
    loading: text.describe("Shown while the day's slots load"),
    confirm: text,
    booking: text.describe('The confirm button while the booking is saved'),
    slot_taken: text.describe('When someone else booked the slot meanwhile'),
    not_offered: text.describe('When the business stopped offering the slot meanwhile (a closure, changed hours)'),
    too_soon: text.describe('When the slot lies within the minimum notice for booking online'),
    already_booked: text.describe("When the visitor's lead already holds a booking (one per lead)"),
    too_far_ahead: text.describe('When the picked date lies past the dates a visitor may book'),
    dismiss: text.describe('Closes the card without booking'),
    booked_title: text,
    booked: text.describe('The thank-you line once booked; may use {{name}}, {{date}} and {{time}}'),
    manage: text.describe("The booked card's link to the visitor's own page that changes or cancels the booking"),
    add_to_calendar: text.describe('The booked card\'s button that downloads the appointment as a calendar file (.ics)'),
    calendar_title: text.describe("The calendar event's name; the brand's name follows it"),
    calendar_details: text.describe("The calendar event's notes; may use {{manage_link}}; the brand's phone follows them"),
    send_whatsapp: text.describe("The booked card's link that opens WhatsApp with whatsapp_booked prefilled"),
    whatsapp_booked: text.describe('The WhatsApp message the visitor may send once booked; may use {{date}}, {{time}} and {{manage_link}}'),
  })
  .describe('Texts of the appointment scheduler card')

export const managePageSchema = z
  .strictObject({
    title: text.describe("The page's heading"),
    loading: text.describe('Shown while the appointment loads'),
    booked: text.describe('The appointment; may use {{name}} (the first name), {{date}} and {{time}}'),
    reschedule: text.describe('The button that opens the scheduler'),
    reschedule_prompt: text.describe('The line above the scheduler'),
    reschedule_confirm: text.describe("The scheduler's confirm button"),
    rescheduling: text.describe('The confirm button while the change is saved'),
    rescheduled: text.describe('Said once moved; may use {{date}} and {{time}}'),
    back: text.describe('Leaves the scheduler or the cancel question, keeping the appointment as it is'),
    cancel: text.describe('The button that asks to cancel'),
    cancel_question: text.describe('The question before cancelling; may use {{date}} and {{time}}'),
    cancel_confirm: text.describe('The button that cancels'),
    cancelling: text.describe('The cancel button while the cancel is saved'),
    cancelled_title: text.describe('The heading once cancelled'),
    cancelled: text.describe('Said once cancelled'),
    too_late: text.describe('When the appointment is within the cut-off for changes online; may use {{hours}}'),
    call: text.describe("The link that calls the business (the brand's phone)"),
    not_valid_title: text.describe('The heading for a wrong, cancelled or passed link'),
    not_valid: text.describe('The one message for a wrong, cancelled or passed link'),
    failed: text.describe('When the page could not reach the business'),
    try_again: text.describe('Tries the last step again after failed'),
  })
  .describe("Texts of the visitor's own page for a booking (/booking#<token>)")

export type ChatTexts = z.infer<typeof chatTextsSchema>
export type UploadAreaTexts = z.infer<typeof uploadAreaSchema>
export type SchedulerCardTexts = z.infer<typeof schedulerCardSchema>
export type ManagePageTexts = z.infer<typeof managePageSchema>
