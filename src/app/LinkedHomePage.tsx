import { use, useState } from 'react'
import { chatStart } from '@/features/intake/chat/chat-start'
import { HomePage } from './HomePage'

/** The home page reached by a link from another page: a chat this tab kept continues, as on a reload. */
export default function LinkedHomePage() {
  const [start] = useState(() => chatStart())
  return <HomePage start={use(start)} />
}
