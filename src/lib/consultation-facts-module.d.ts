declare module 'virtual:consultation-facts' {
  /**
   * For each answer field (`answer` in src/lib/lead-fields.ts), the answers a saved lead can hold: the
   * options of the steps that ask it, in the flow's order, without Skip options and options after
   * which no lead is saved.
   */
  export const answerOptions: Readonly<Record<import('./lead-fields').AnswerFieldName, readonly string[]>>
  /** The flow's steps in its order: each id with its first bot message as plain text ('' if it says nothing). */
  export const flowSteps: readonly { readonly id: string; readonly question: string }[]
  /**
   * The prefilled WhatsApp text for following up an unfinished chat, split at its `{{name}}`
   * placeholders (the only ones it may have): join the parts with the visitor's name. Null when the flow has none.
   */
  export const followUpTextParts: readonly string[] | null
  /** Each translation's own name for its language, by language code (`{ hi: 'हिन्दी' }`); none for the flow's own English. */
  export const languageNames: Readonly<Record<string, string>>
  /**
   * The WhatsApp reminder of an appointment by language code (the flow's `en` and each translation's), with
   * the placeholders {{name}}, {{date}}, {{time}}, {{business}} and {{business_phone}}. Null when the flow has none.
   */
  export const reminderTexts: (Readonly<Record<string, string>> & { readonly en: string }) | null
  /**
   * The WhatsApp message with a visitor's one-time My data code by language code, with the
   * placeholders {{code}}, {{business}} and {{business_phone}}. Null when the flow has none.
   */
  export const accessCodeTexts: (Readonly<Record<string, string>> & { readonly en: string }) | null
  /**
   * The WhatsApp message with a customer's quote link by language code, with the placeholders
   * {{link}}, {{name}}, {{business}} and {{business_phone}}. Null when the flow has none.
   */
  export const quoteShareTexts: (Readonly<Record<string, string>> & { readonly en: string }) | null
}
