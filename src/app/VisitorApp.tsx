import type { ChatStart } from '@/features/intake/chat/chat-start'
import { ErrorBoundary } from './ErrorBoundary'
import { HomePage } from './HomePage'

/** The home page as a visitor opens it; the build prerenders it as a new chat. */
export function VisitorApp({ start }: { start: ChatStart }) {
  return (
    <ErrorBoundary>
      <HomePage start={start} />
    </ErrorBoundary>
  )
}
