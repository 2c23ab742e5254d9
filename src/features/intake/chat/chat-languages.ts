import { languages, loaders } from 'virtual:chat-languages'
import { flowLanguage, type ChatLanguage, type LanguageChoice } from '../flow/chat-language'

/** The languages the visitor can choose, the flow file's own first. */
export const languageChoices: readonly LanguageChoice[] = languages

const loaded = new Map<string, ChatLanguage>([[flowLanguage.code, flowLanguage]])

/** A language whose texts are here; the flow file's own until they are. */
export function loadedLanguage(code: string): ChatLanguage {
  return loaded.get(code) ?? flowLanguage
}

/** Fetches a language's texts (a chunk of their own) once; a code the chat does not speak gives the flow file's language. */
export async function loadLanguage(code: string): Promise<ChatLanguage> {
  const known = loaded.get(code)
  if (known) return known
  const load = Object.hasOwn(loaders, code) ? loaders[code] : undefined
  if (!load) return flowLanguage
  const language = await load()
  loaded.set(code, language)
  return language
}
