import type { IntakeContext } from '../machine/intake-types'

/** What the chat records of its progress for the insights, in the order it happens. */
export type ChatRecord =
  | { type: 'session.started' }
  /** The step's question appeared: the visitor can answer it now. */
  | { type: 'step.shown'; stepId: string }
  /** An option chosen, a form submitted, an image uploaded. */
  | { type: 'step.answered'; stepId: string }
  /** The form asking for name and phone was submitted with these. */
  | { type: 'contact.submitted'; name: string; phone: string }
  /** The name form was sent under the privacy notice of this version, shown in this language. */
  | { type: 'notice.shown'; noticeVersion: string; noticeLanguage: string }
  /** The name form was sent with the WhatsApp marketing opt-in ticked or not. */
  | { type: 'marketing.chosen'; optedIn: boolean }
  /** The chat ended at an `end` step without a lead: the visitor chose to chat first. */
  | { type: 'chat_first.chosen' }
  | { type: 'chat.completed'; leadId: string }

export type RecordedChatEvent = ChatRecord & { sessionId: string }

/** The machine's `record` action (the chat screen provides it) with what `make` says happened. */
export function record(make: (context: IntakeContext) => ChatRecord) {
  return {
    type: 'record',
    params: ({ context }: { context: IntakeContext }): RecordedChatEvent => ({ ...make(context), sessionId: context.sessionId }),
  }
}

type RandomSource = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>

/**
 * A random version 4 UUID: the browser's where it has one (pages over https), else built from its
 * random bytes (plain http), else from Math.random, so no browser fails to start a chat over it.
 */
export function createSessionId(source: RandomSource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID()
  const bytes = new Uint8Array(16)
  if (typeof source?.getRandomValues === 'function') source.getRandomValues(bytes)
  else bytes.forEach((_, index) => (bytes[index] = Math.floor(Math.random() * 256)))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
