import { flowLanguage, type ChatLanguage } from '../flow/chat-language'

/** A visitor page's address in `language`: `?lang=` for a language other than the flow file's. */
export function pageHref(path: string, language: ChatLanguage): string {
  return language.code === flowLanguage.code ? path : `${path}?lang=${encodeURIComponent(language.code)}`
}
