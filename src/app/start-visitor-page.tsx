import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { chatStart } from '@/features/intake/chat/chat-start'
import { intakeMachine } from '@/features/intake/chat/intake-machine'
import { restoredChat } from '@/features/intake/chat/stored-chat'
import { firstScreenId, otherFirstScreens } from './first-screens'
import { VisitorApp } from './VisitorApp'

/** When the visitor first saw the prerendered page, if the browser tells. */
function firstPaint(): number | undefined {
  return performance.getEntriesByName('first-contentful-paint')[0]?.startTime
}

/** Lets the browser paint and handle input before the next piece of work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Starts the home page in #root, which holds its first screen as the build prerendered it (or in the
 * element holding it in the chat's language, see first-screens.ts). A new chat hydrates that markup and times its messages from when the visitor first saw the page; a chat kept
 * from before a reload renders over it instead, its transcript not being the prerendered one. Each
 * step runs in a task of its own (reading the stored chat, compiling the chat's machine, hydrating,
 * which React splits further as a transition), so none blocks the page for long.
 */
export async function startVisitorPage(root: HTMLElement) {
  await nextTask()
  const stored = restoredChat()
  await nextTask()
  intakeMachine()
  await nextTask()
  const start = await chatStart(firstPaint(), stored)
  const page = (
    <StrictMode>
      <VisitorApp start={start} />
    </StrictMode>
  )
  // The first screen in the chat's language (index.html has one per language) becomes the page; the others go.
  const prerendered = document.getElementById(firstScreenId(start.language))
  const container = prerendered ?? root
  for (const screen of [root, ...otherFirstScreens(start.language)]) if (screen !== container) screen.remove()
  if (stored || !prerendered) createRoot(container).render(page)
  else startTransition(() => void hydrateRoot(container, page))
}
