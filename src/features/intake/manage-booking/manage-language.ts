import { flowLanguage } from '../flow/chat-language'

/** The language `?lang=` asks for in a page's query, if any. */
export function requestedLanguage(search: string): string | null {
  return new URLSearchParams(search).get('lang') || null
}

/** The manage page's language: the one asked for, else the chat's language the booking was made in, else the flow file's. */
export function manageLanguageCode(requested: string | null, bookingLanguage: string | null): string {
  return requested || bookingLanguage || flowLanguage.code
}
