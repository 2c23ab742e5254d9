import { brand } from '@/lib/brand'
import { shownText, translate, type ChatLanguage } from '../flow/chat-language'
import { pageHref } from '../privacy/page-href'
import type { ChatTexts, UploadAreaTexts } from '../flow/flow-texts.schema'
import type { FormFieldSpec, InputPanel, PrivacyPanel } from '../machine/intake-types'

type SchedulerPanel = Extract<InputPanel, { kind: 'scheduler' }>

function translateValues<T extends Record<string, string>>(texts: T, language: ChatLanguage): T {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, translate(language, text)])) as T
}

/** The chat's own texts (typing, labels of the log, options and forms) in the visitor's language. */
export function shownChatTexts(texts: ChatTexts, language: ChatLanguage): ChatTexts {
  return translateValues(texts, language)
}

/** A form's fields with their labels, placeholders and messages in the visitor's language. */
export function shownFields(fields: FormFieldSpec[], language: ChatLanguage): FormFieldSpec[] {
  return fields.map((field) => ({
    ...field,
    label: translate(language, field.label),
    errors: translateValues(field.errors, language),
    ...(field.placeholder === undefined ? {} : { placeholder: translate(language, field.placeholder) }),
  }))
}

export function shownUploadTexts(texts: UploadAreaTexts, language: ChatLanguage): UploadAreaTexts {
  const { refused, ...rest } = texts
  return { ...translateValues(rest, language), refused: translateValues(refused, language) }
}

/** The scheduler card's texts, with the visitor's answers and the booked slot, in the visitor's language. */
export function shownSchedulerTexts(texts: SchedulerPanel['texts'], language: ChatLanguage): Record<keyof SchedulerPanel['texts'], string> {
  return Object.fromEntries(Object.entries(texts).map(([key, said]) => [key, shownText(said, language)])) as Record<keyof SchedulerPanel['texts'], string>
}

/** The privacy notice above the name form as the visitor reads it: the brand's phone filled in, the link to the full notice in the same language. */
export interface ShownPrivacy {
  summary: string
  link: string
  href: string
  marketing: string
  marketingChosen: boolean
}

export function shownPrivacy(privacy: PrivacyPanel, language: ChatLanguage): ShownPrivacy {
  const summary = { ...privacy.summary, values: { ...privacy.summary.values, business_phone: `+${brand.phone}` } }
  return {
    summary: shownText(summary, language),
    link: translate(language, privacy.link),
    href: pageHref('/privacy', language),
    marketing: translate(language, privacy.marketing),
    marketingChosen: privacy.marketingChosen,
  }
}
