import type { ChatRecordingApi } from '../api/chat-recording-api'
import type { ChatLanding } from '../api/chat-recording-values'
import type { RecordedChatEvent } from './chat-record'

export interface ChatRecorder {
  /** Queues the event behind the session's earlier ones; returns at once and never throws. */
  record(event: RecordedChatEvent): void
}

interface SessionQueue {
  tail: Promise<void>
  started: boolean
  /** Events already queued that the database keeps only once (a showing, an answer, ...). */
  queued: Set<string>
}

/** Events that change nothing when sent again; others (an edited contact) go every time. */
function onceKey(event: RecordedChatEvent): string | null {
  switch (event.type) {
    case 'session.started':
      return 'started'
    case 'step.shown':
      return `shown:${event.stepId}`
    case 'step.answered':
      return `answered:${event.stepId}`
    case 'chat_first.chosen':
      return 'chat_first'
    case 'chat.completed':
      return `completed:${event.leadId}`
    case 'contact.submitted':
    case 'notice.shown':
    case 'marketing.chosen':
      return null
  }
}

function send(api: ChatRecordingApi, event: RecordedChatEvent): Promise<void> {
  const { sessionId } = event
  switch (event.type) {
    case 'session.started':
      return Promise.resolve()
    case 'step.shown':
      return api.stepShown(sessionId, event.stepId)
    case 'step.answered':
      return api.stepAnswered(sessionId, event.stepId)
    case 'contact.submitted':
      return api.contactSubmitted(sessionId, event.name, event.phone)
    case 'notice.shown':
      return api.noticeShown(sessionId, event.noticeVersion, event.noticeLanguage)
    case 'marketing.chosen':
      return api.marketingChosen(sessionId, event.optedIn)
    case 'chat_first.chosen':
      return api.chatFirstChosen(sessionId)
    case 'chat.completed':
      return api.completed(sessionId, event.leadId)
  }
}

/**
 * Sends a chat's progress in the background, one call after another per session, starting the
 * session first: also for a chat resumed after a reload, whose start the database already has and
 * keeps. A failed start is tried again before the next event; any other failure is dropped.
 */
export function createChatRecorder(
  api: ChatRecordingApi,
  landing: ChatLanding,
  log: (message: string, error: unknown) => void = (message, error) => console.debug(message, error),
): ChatRecorder {
  const sessions = new Map<string, SessionQueue>()

  function queueOf(sessionId: string): SessionQueue {
    let queue = sessions.get(sessionId)
    if (!queue) {
      queue = { tail: Promise.resolve(), started: false, queued: new Set() }
      sessions.set(sessionId, queue)
    }
    return queue
  }

  function record(event: RecordedChatEvent): void {
    const queue = queueOf(event.sessionId)
    const key = onceKey(event)
    if (key !== null) {
      if (queue.queued.has(key)) return
      queue.queued.add(key)
    }
    queue.tail = queue.tail
      .then(async () => {
        if (!queue.started) {
          await api.startSession(event.sessionId, landing)
          queue.started = true
        }
        await send(api, event)
      })
      .catch((error: unknown) => log(`Chat recording skipped ${event.type}:`, error))
  }

  return { record }
}
