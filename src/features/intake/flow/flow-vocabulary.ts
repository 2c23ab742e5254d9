import { leadFields, type ContactFieldName, type LeadFieldName } from '../../../lib/lead-fields.ts'

/** The names a flow file may use; kept free of zod so the browser bundle only carries these lists. */
export const answerFields: readonly LeadFieldName[] = leadFields.map((field) => field.name)

export const formFieldIds: readonly ContactFieldName[] = leadFields.flatMap((field) => (field.kind === 'contact' ? [field.name] : []))

/** The rules each form field is checked by (forms/contact-form.schema.ts); the flow gives each its message. */
export const formFieldRules = {
  name: ['too_short', 'too_long', 'not_letters', 'invalid'],
  phone: ['not_ten_digits', 'invalid'],
  email: ['required', 'not_an_email', 'too_long', 'invalid'],
  city: ['too_short', 'too_long', 'not_letters', 'invalid'],
} as const satisfies Record<ContactFieldName, readonly string[]>

/** Why a picked file is refused before any upload (api/reference-image-file.ts); the flow gives each its message. */
export const referenceImageProblems = ['not_an_image', 'too_large', 'empty'] as const

export const saveErrorKinds = ['duplicate', 'invalid', 'missing', 'security', 'unexpected'] as const

export const pixelEvents = ['Contact', 'Lead', 'CompleteRegistration'] as const

export type AnswerField = LeadFieldName
export type FormFieldId = ContactFieldName
export type FormFieldRule<TField extends FormFieldId = FormFieldId> = (typeof formFieldRules)[TField][number]
export type ReferenceImageProblem = (typeof referenceImageProblems)[number]
export type SaveErrorKind = (typeof saveErrorKinds)[number]
export type PixelEvent = (typeof pixelEvents)[number]
