import type { RestoredChat } from './stored-chat'

/** How the chat on screen begins. */
export type ChatStart =
  /** Afresh, shown now. */
  | { from: 'new' }
  /** Afresh, its first screen prerendered and on screen since `shownAt` (a `performance.now()` time). */
  | { from: 'prerendered'; shownAt: number }
  /** Where this tab's chat was before a reload or a visit to another page. */
  | { from: 'stored'; chat: RestoredChat }

export const newChat: ChatStart = { from: 'new' }
