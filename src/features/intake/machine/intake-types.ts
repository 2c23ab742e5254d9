import type { LeadAnswers } from '@/lib/lead-fields'
import type { ChatText } from '../flow/chat-language'
import type { SchedulerCardTexts, UploadAreaTexts } from '../flow/flow-texts.schema'
import type { FormFieldId } from '../flow/flow-vocabulary'
import type { BookingRefusal } from './booking-refusals'

/** One chat bubble (never saved); the screen shows its text, and its options, in the visitor's language. */
export interface ChatMessage {
  id: string
  type: 'bot' | 'user'
  text: ChatText
  /** ISO timestamp. */
  timestamp: string
  /** The options' labels as the flow file has them: what the chat sends and saves whatever the language. */
  options?: string[]
  stepId?: string
  selectedOption?: string
  /** The answer being changed, marked on a question asked again until the visitor picks. */
  currentOption?: string
  /** The post-save options: they stay clickable after a choice. */
  optionsStayOpen?: boolean
}

export interface FormFieldSpec {
  id: FormFieldId
  label: string
  placeholder?: string
  /** The message of each rule the field is checked by. */
  errors: Record<string, string>
}

export type SchedulerStatus = 'picking' | 'booking' | 'booked'

export type InputPanel =
  | { kind: 'none' }
  | {
      kind: 'form'
      stepId: string
      fields: FormFieldSpec[]
      submitLabel: string
      notice?: string
      /** The form asking for name and phone: the privacy notice above it and the marketing opt-in. */
      privacy?: PrivacyPanel
      /** The answers given before, when the form is asked again. */
      values?: Record<string, string>
    }
  | { kind: 'upload'; stepId: string; texts: UploadAreaTexts }
  | {
      kind: 'scheduler'
      status: SchedulerStatus
      /** With the visitor's answers and, once booked, the slot. */
      texts: Record<keyof SchedulerCardTexts, ChatText>
      /** Why the database refused the last booking, when the card says why (its text of that name); else null. */
      refusal: BookingRefusal | null
      /** How many bookings were refused for such a reason: the card reloads the day's slots on each. */
      refusals: number
    }

/** The privacy notice shown above the name form, its link to the full notice, and the WhatsApp marketing opt-in. */
export interface PrivacyPanel {
  /** The short notice, its placeholders the retention numbers (the brand's phone is the screen's to fill). */
  summary: ChatText
  link: string
  marketing: string
  /** The opt-in as the visitor left it (unticked until they tick it). */
  marketingChosen: boolean
}

/** The notice the visitor acted on: the language it was shown in and when (ISO) they sent the name form under it. */
export interface NoticeSeen {
  language: string
  at: string
}

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error'

export type Answers = LeadAnswers

export interface SaveError {
  code: string
  message: string
}

/** A booked slot as the chat names it: 'Tuesday, 24 November 2026', '11:00 AM', and its IST date, '2026-11-24'. */
export interface BookingText {
  date: string
  time: string
  day: string
}

/** A booking the chat made: how it names the slot, the slot's instant, and the visitor's own link to change it. */
export interface Booking extends BookingText {
  /** The slot's instant, ISO 8601. */
  slot: string
  /** The manage page's address with the visitor's secret token; kept with the chat so a reload still shows it. */
  manageLink: string
  /** The token's SHA-256, as the database holds it: the calendar event's UID is made from it. */
  manageTokenHash: string
}

/** A slot the visitor picked: IST date YYYY-MM-DD and time 'HH:MM'. */
export interface SlotPick {
  date: string
  time: string
}

export interface IntakeContext {
  flowHash: string
  /**
   * The language the chat was told to speak (chat-language.ts); until then the page's choice, which
   * is the flow file's language when the page makes none. The answers stay in the flow file's language.
   */
  language?: string
  /** The chat's recording session (see recording/): random, kept with the chat across reloads. */
  sessionId: string
  /** Created once per visitor chat; a retried save reuses it. */
  leadId: string
  answers: Answers
  booking: Booking | null
  transcript: ChatMessage[]
  typing: boolean
  panel: InputPanel
  uploadStatus: UploadStatus
  uploadAttempts: number
  saveAttempts: number
  saveError: SaveError | null
  /** What the visitor answered at each step they answered, as the chat showed it (a Skip option too). */
  stepAnswers: Record<string, string>
  /** A changed answer the chat has yet to mention. */
  changed: AnswerChange | null
  /** Set when the name form is sent under the privacy notice; the lead records it. */
  noticeSeen: NoticeSeen | null
  /** The WhatsApp marketing opt-in, unticked unless the visitor ticked it. */
  marketing: boolean
}

export interface AnswerChange {
  stepId: string
  from: string
  to: string
}

export type IntakeEvent =
  | { type: 'option.choose'; stepId: string; label: string }
  /** `marketing`: the opt-in's tick when the form carries it (absent: unticked). */
  | { type: 'form.submit'; stepId: string; values: Record<string, unknown>; marketing?: boolean }
  | { type: 'upload.submit'; file: Blob }
  | { type: 'save.retry' }
  | ({ type: 'scheduler.book' } & SlotPick)
  | { type: 'scheduler.close' }
  /** The visitor changes the answer of an earlier step: it is asked again. */
  | { type: 'answer.edit'; stepId: string }
  /** The visitor switches the chat's language; its texts are loaded by then. */
  | { type: 'language.set'; language: string }
  /** Sent once after restoring a stored chat: restarts the timer of the message being typed. */
  | { type: 'intake.resume' }

/** Events of the test variant only: each timer and each actor outcome is sent explicitly. */
export type IntakeTestEvent =
  | { type: 'delay.elapsed' }
  | { type: 'xstate.done.actor.saveLead'; output: unknown }
  | { type: 'xstate.error.actor.saveLead'; error: unknown }
  | { type: 'xstate.done.actor.uploadReferenceImage'; output: { path: string } }
  | { type: 'xstate.error.actor.uploadReferenceImage'; error: unknown }
  | { type: 'xstate.done.actor.bookAppointment'; output: Booking }
  | { type: 'xstate.error.actor.bookAppointment'; error: unknown }

export type AnyIntakeEvent = IntakeEvent | IntakeTestEvent
