import { flowLanguage } from '../flow/chat-language'
import { languageChoices, loadLanguage } from './chat-languages'
import { firstLanguage } from './first-language'
import { keptChatText, restoredChat, type RestoredChat } from './stored-chat'

/** How the chat on screen begins, and in which language. */
export type ChatStart = { language: string } & (
  /** Afresh, shown now. */
  | { from: 'new' }
  /** Afresh, its first screen prerendered and on screen since `shownAt` (a `performance.now()` time). */
  | { from: 'prerendered'; shownAt: number }
  /** Where this tab's chat was before a reload or a visit to another page. */
  | { from: 'stored'; chat: RestoredChat }
)

export const newChat: ChatStart = { from: 'new', language: flowLanguage.code }

/**
 * The chat this tab kept, or a new one (`shownAt`: since when its prerendered first screen shows), in
 * the language `?lang=` asks for, else the one a kept chat spoke, else the browser's; resolves once
 * that language's texts are loaded.
 */
export async function chatStart(shownAt?: number, stored: RestoredChat | undefined = restoredChat()): Promise<ChatStart> {
  const codes = languageChoices.map((choice) => choice.code)
  const language = firstLanguage(window.location.search, window.navigator.language, stored ? keptChatText() : null, codes, flowLanguage.code)
  const start: ChatStart = stored ? { from: 'stored', chat: stored, language } : shownAt === undefined ? { from: 'new', language } : { from: 'prerendered', shownAt, language }
  await loadLanguage(language)
  return start
}
