import { renderTemplate } from './placeholders.ts'

/**
 * A language the chat speaks: its code, its own name for the language switch, and its texts keyed by
 * the flow file's (English) text, as gettext keys translations by their source text. The flow file's
 * own language has no texts: every text is shown as the file has it.
 */
export interface ChatLanguage {
  code: string
  name: string
  texts: Readonly<Record<string, string>>
}

/** A language code as a translation file's name and `language:` give it: `hi`, `ta`, `pt-BR`. */
export const languageCode = /^[a-z]{2,3}(-[A-Z]{2})?$/

/** The language of the flow file itself, in which answers are saved whatever the chat's language. */
export const flowLanguage: ChatLanguage = { code: 'en', name: 'English', texts: {} }

/** A language the chat offers, before its texts are loaded. */
export type LanguageChoice = Pick<ChatLanguage, 'code' | 'name'>

/**
 * A text of the flow as the chat says it: the flow file's text, what fills its placeholders, and which
 * of those values are themselves texts of the flow (an option the visitor chose, a question's label),
 * shown in the visitor's language too.
 */
export interface ChatText {
  text: string
  values?: Record<string, string>
  textValues?: readonly string[]
  /** The booked slot's IST date (YYYY-MM-DD) when the text names it as {{date}}: shown in the visitor's language. */
  slotDay?: string
}

/** The locale dates and amounts are written in for a visitor in `code`: the language as written in India ('hi' → 'hi-IN'). */
export const visitorLocale = (code: string) => (code.includes('-') ? code : `${code}-IN`)

/** A slot's date as a visitor in `code` reads it, in India time: 'मंगलवार, 24 नवंबर 2026'. */
export function slotDate(day: string, code: string): string {
  const format = new Intl.DateTimeFormat(visitorLocale(code), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })
  return format.format(new Date(`${day}T12:00:00+05:30`))
}

/** A text of the flow in `language`; the flow's own text where the language has none. */
export function translate(language: ChatLanguage, text: string): string {
  return Object.hasOwn(language.texts, text) ? (language.texts[text] as string) : text
}

/** What the visitor reads for `said` in `language`. */
export function shownText(said: ChatText, language: ChatLanguage): string {
  const values = Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, value]) => [name, said.textValues?.includes(name) ? translate(language, value) : value]),
  )
  // The flow's own language keeps the date as the chat wrote it.
  if (said.slotDay !== undefined && language.code !== flowLanguage.code && 'date' in values) values.date = slotDate(said.slotDay, language.code)
  return renderTemplate(translate(language, said.text), values)
}
