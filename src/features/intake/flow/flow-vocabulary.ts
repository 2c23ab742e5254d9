/** The names a flow file may use; kept free of zod so the browser bundle only carries these lists. */
export const answerFields = [
  'name',
  'phone',
  'email',
  'city',
  'occasion',
  'product_type',
  'budget_range',
  'design_preference',
  'metal_choice',
  'gold_carat',
  'stone_type',
  'diamond_shape',
  'timeline',
  'reference_image',
] as const

export const formFieldIds = ['name', 'phone', 'email', 'city'] as const

export const saveErrorKinds = ['duplicate', 'invalid', 'missing', 'security', 'unexpected'] as const

export const pixelEvents = ['Contact', 'Lead', 'CompleteRegistration'] as const

export type AnswerField = (typeof answerFields)[number]
export type FormFieldId = (typeof formFieldIds)[number]
export type SaveErrorKind = (typeof saveErrorKinds)[number]
export type PixelEvent = (typeof pixelEvents)[number]
