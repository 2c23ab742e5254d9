import { createContext, use } from 'react'
import { flowLanguage, type ChatLanguage } from '../flow/chat-language'

/** The language the chat on screen speaks; its parts read it to show each text. */
export const ChatLanguageContext = createContext<ChatLanguage>(flowLanguage)

export function useChatLanguage(): ChatLanguage {
  return use(ChatLanguageContext)
}
