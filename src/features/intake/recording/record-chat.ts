import type { RecordedChatEvent } from './chat-record'
import type { ChatRecorder } from './chat-recorder'

let recorder: Promise<ChatRecorder> | undefined

/** Once the page is idle (the first screen is live), or after a moment where the browser cannot tell. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 })
    else setTimeout(resolve, 500)
  })
}

function loadRecorder(): Promise<ChatRecorder> {
  const loading = whenIdle()
    .then(() => import('./browser-recorder'))
    .then((module) => module.browserChatRecorder)
  loading.catch(() => {
    recorder = undefined
  })
  return loading
}

/**
 * Hands the event to the recorder, whose code (and supabase-js) loads on the first event once the
 * page is idle, so it never adds to the first screen's script. Events keep their order. Nothing
 * here can delay or break the chat: every failure is dropped, noted in the console's debug level.
 */
export function recordChat(event: RecordedChatEvent): void {
  try {
    recorder ??= loadRecorder()
    recorder.then(
      (loaded) => loaded.record(event),
      (error: unknown) => console.debug('Chat recording is unavailable:', error),
    )
  } catch (error) {
    console.debug('Chat recording is unavailable:', error)
  }
}
