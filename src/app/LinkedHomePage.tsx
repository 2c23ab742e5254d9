import { useState } from 'react'
import { newChat, type ChatStart } from '../features/intake/chat/chat-start'
import { restoredChat } from '../features/intake/chat/stored-chat'
import { HomePage } from './HomePage'

function chatStart(): ChatStart {
  const chat = restoredChat()
  return chat ? { from: 'stored', chat } : newChat
}

/** The home page reached by a link from another page: a chat this tab kept continues, as on a reload. */
export default function LinkedHomePage() {
  const [start] = useState(chatStart)
  return <HomePage start={start} />
}
