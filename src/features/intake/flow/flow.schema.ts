import { z } from 'zod'
import { chatTextsSchema, formFieldSchema, managePageSchema, schedulerCardSchema, text, uploadAreaSchema } from './flow-texts.schema.ts'
import { answerFields, pixelEvents, saveErrorKinds } from './flow-vocabulary.ts'
import { noticeSchema } from './notice.schema.ts'
import { quotePageSchema } from './quote-page.schema.ts'

const snakeCaseId = /^[a-z][a-z0-9_]*$/

const stepId = z
  .string({ error: 'expected a step id' })
  .regex(snakeCaseId, 'step id must be snake_case (lowercase letters, digits, _)')

const timingName = z.string({ error: 'expected the name of a timing' }).min(1, 'expected the name of a timing')

export const messageSchema = z.union([
  text,
  z.strictObject({
    text,
    before: timingName.optional().describe('Timing name: how long after the previous message this one appears'),
    typing: z.boolean({ error: 'typing must be true or false' }).optional().describe('false: no typing indicator'),
  }),
])

const actionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('open_link'),
      link: z.string({ error: 'open_link needs a link name' }).min(1, 'open_link needs a link name'),
      after: timingName.optional(),
    }),
    z.strictObject({
      action: z.literal('track'),
      event: z.enum(pixelEvents, { error: `unknown pixel event (known: ${pixelEvents.join(', ')})` }),
      params: z.record(z.string(), z.string({ error: 'track params must be texts' })).optional(),
      after: timingName.optional(),
    }),
    z.strictObject({
      action: z.literal('open_scheduler'),
      after: timingName.optional(),
    }),
  ],
  { error: 'unknown action (known: open_link, track, open_scheduler)' },
)

const optionSchema = z.union([
  z.string({ error: 'option without label' }).min(1, 'option without label'),
  z.strictObject({
    label: z.string({ error: 'option without label' }).min(1, 'option without label'),
    skip: z.boolean({ error: 'skip must be true or false' }).optional().describe('true: the answer stays empty'),
    reply: z.array(messageSchema).optional(),
    do: z.array(actionSchema).optional(),
    next: stepId.optional(),
  }),
])

const answerField = z.enum(answerFields, { error: `unknown answer field (known: ${answerFields.join(', ')})` })

const guardSchema = z.discriminatedUnion(
  'guard',
  [
    z.strictObject({ guard: z.literal('answered'), field: answerField }),
    z.strictObject({ guard: z.literal('answer_is'), field: answerField, value: z.string({ error: 'answer_is needs a value' }) }),
  ],
  { error: 'unknown guard (known: answered, answer_is)' },
)

const base = {
  id: stepId,
  say: z.array(messageSchema).optional(),
}

const skippable = {
  ...base,
  skip_if: guardSchema.optional().describe("When the guard holds, the step is left out and the flow goes on to the step's next"),
}

/** A step the visitor answers, and may answer again until the lead is saved. */
const question = {
  ...skippable,
  label: text.optional().describe('Short name of the question in the chat\'s "edit" and "changed" texts ({{step}}), e.g. "occasion"'),
}

const messageStep = z.strictObject({
  ...skippable,
  type: z.literal('message'),
  do: z.array(actionSchema).optional(),
  next: stepId.optional(),
})

const endStep = z.strictObject({
  ...base,
  type: z.literal('end'),
  do: z.array(actionSchema).optional(),
})

const optionsStep = z.strictObject({
  ...question,
  type: z.literal('options'),
  answer: answerField.optional(),
  keep_open: z.boolean({ error: 'keep_open must be true or false' }).optional(),
  options: z.array(optionSchema).min(1, 'an options step needs at least one option'),
  next: stepId.optional(),
})

const formStep = z.strictObject({
  ...question,
  type: z.literal('form'),
  fields: z.array(formFieldSchema).min(1, 'a form needs at least one field'),
  submit: text,
  notice: text
    .optional()
    .describe("A line shown with the form above its button, e.g. how the details will be used; screen readers read it as the form's description"),
  echo: text.optional().describe('The visitor bubble after submitting, e.g. "{{name}}, {{phone}}"'),
  reply: z.array(messageSchema).optional(),
  next: stepId.optional(),
})

const uploadStep = z.strictObject({
  ...question,
  type: z.literal('upload'),
  area: uploadAreaSchema,
  messages: z.strictObject({ uploading: text, success: text, failure: text }).describe('Bot messages while and after a file uploads'),
  next: stepId.optional(),
})

const saveStep = z.strictObject({
  ...base,
  type: z.literal('save'),
  success: z.strictObject({
    say: z.array(messageSchema).optional(),
    do: z.array(actionSchema).optional(),
    next: stepId.optional(),
  }),
  failure: z.strictObject({
    retry: text,
    messages: z.strictObject(Object.fromEntries(saveErrorKinds.map((kind) => [kind, text])) as Record<
      (typeof saveErrorKinds)[number],
      typeof text
    >),
  }),
})

const stepSchema = z.discriminatedUnion(
  'type',
  [messageStep, endStep, optionsStep, formStep, uploadStep, saveStep],
  { error: 'unknown step type (known: message, options, form, upload, save, end)' },
)

const linkSchema = z.union([
  z.strictObject({ whatsapp: text.describe('Prefilled WhatsApp text; may use {{placeholders}}') }),
  z.strictObject({ tel: z.literal(true) }),
])

export const flowSchema = z.strictObject({
  version: z.literal(1, { error: 'version must be 1' }),
  timing: z
    .record(
      z.string().regex(snakeCaseId, 'timing name must be snake_case'),
      z.number({ error: 'a timing is a number of milliseconds' }).int().min(0).max(60_000, 'a timing must be at most 60000 ms'),
    )
    .describe('Named delays in milliseconds; "typing" is the typing indicator before each bot message'),
  links: z.record(z.string().regex(snakeCaseId, 'link name must be snake_case'), linkSchema).optional(),
  chat: chatTextsSchema,
  notice: noticeSchema,
  scheduler: z
    .strictObject({
      card: schedulerCardSchema,
      manage_page: managePageSchema,
      confirmation: z.strictObject({ text, before: timingName.optional(), typing: z.boolean().optional() }),
      do: z.array(actionSchema).optional().describe('Actions run once a booking is confirmed in the chat'),
    })
    .optional(),
  quote_page: quotePageSchema.optional(),
  start: stepId,
  steps: z.array(stepSchema).min(1, 'a flow needs at least one step'),
})

export type Flow = z.infer<typeof flowSchema>
export type FlowStep = Flow['steps'][number]
export type FlowMessage = z.infer<typeof messageSchema>
export type FlowAction = z.infer<typeof actionSchema>
export type FlowOption = z.infer<typeof optionSchema>
export type FlowGuard = z.infer<typeof guardSchema>

/** A flow that passed flow:check, with the content hash of its source file. */
export interface CheckedFlow extends Flow {
  hash: string
}
