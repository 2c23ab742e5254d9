import type { AnswerField, FormFieldId } from '../flow/flow.schema'

/** One chat bubble (spec section 3); the screen renders the transcript as it is. */
export interface ChatMessage {
  id: string
  type: 'bot' | 'user'
  content: string
  /** ISO timestamp. */
  timestamp: string
  options?: string[]
  stepId?: string
  selectedOption?: string
  /** The post-save options: they stay clickable after a choice. */
  optionsStayOpen?: boolean
}

export interface FormFieldSpec {
  id: FormFieldId
  label: string
  placeholder?: string
}

export type InputPanel =
  | { kind: 'none' }
  | { kind: 'form'; stepId: string; fields: FormFieldSpec[]; submitLabel: string }
  | { kind: 'upload'; stepId: string }
  | { kind: 'scheduler' }

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error'

export type Answers = Record<AnswerField, string>

export interface SaveError {
  code: string
  message: string
}

export interface IntakeContext {
  flowHash: string
  /** Created once per visitor chat; a retried save reuses it. */
  leadId: string
  answers: Answers
  booking: { date: string; time: string } | null
  transcript: ChatMessage[]
  typing: boolean
  panel: InputPanel
  uploadStatus: UploadStatus
  uploadAttempts: number
  saveAttempts: number
  saveError: SaveError | null
}

export type IntakeEvent =
  | { type: 'option.choose'; stepId: string; label: string }
  | { type: 'form.submit'; stepId: string; values: Record<string, unknown> }
  | { type: 'upload.submit'; file: Blob }
  | { type: 'save.retry' }
  | { type: 'scheduler.booked'; date: string; time: string }
  | { type: 'scheduler.close' }
  /** Sent once after restoring a stored chat: restarts the timer of the message being typed. */
  | { type: 'intake.resume' }

/** Events of the test variant only: each timer and each actor outcome is sent explicitly. */
export type IntakeTestEvent =
  | { type: 'delay.elapsed' }
  | { type: 'xstate.done.actor.saveLead'; output: unknown }
  | { type: 'xstate.error.actor.saveLead'; error: unknown }
  | { type: 'xstate.done.actor.uploadReferenceImage'; output: { path: string } }
  | { type: 'xstate.error.actor.uploadReferenceImage'; error: unknown }

export type AnyIntakeEvent = IntakeEvent | IntakeTestEvent
