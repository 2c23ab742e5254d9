import type { SupabaseClient } from '@supabase/supabase-js'
import { ApiError, toApiError } from '@/lib/api-error'
import { cleanFlowVersion, cleanReferrerHost, cleanStepId, cleanUtm, isSessionId, type ChatLanding } from './chat-recording-values'

/** Why a call was not sent: its session id or step id is not one the database would take. */
export const notRecordableCode = 'not_recordable'

/**
 * The chat's anonymous progress for the insights (supabase/migrations/20261122001400_chat_recording.sql):
 * each function calls one database function, sends nothing back and throws an ApiError with the
 * database's code (23503 unknown session, 23514 a value it refuses, 22023 a lead it cannot attach,
 * 429 rate-limited).
 */
export function createChatRecordingApi(client: SupabaseClient) {
  async function call(fn: string, sessionId: string, args: Record<string, unknown> = {}): Promise<void> {
    if (!isSessionId(sessionId)) throw new ApiError(notRecordableCode, `Not a chat session id: ${String(sessionId)}`)
    const { error } = await client.rpc(fn, { session_id: sessionId, ...args })
    if (error) throw toApiError(error, `${fn} failed`)
  }

  function stepCall(fn: string, sessionId: string, stepId: string): Promise<void> {
    const step = cleanStepId(stepId)
    if (step === null) return Promise.reject(new ApiError(notRecordableCode, `Not a step id the database takes: ${stepId}`))
    return call(fn, sessionId, { step_id: step })
  }

  return {
    /** Starts a session with its landing details; the first start of an id wins, a repeat changes nothing. */
    startSession: (sessionId: string, landing: ChatLanding) =>
      call('chat_session_start', sessionId, {
        flow_version: cleanFlowVersion(landing.flowVersion),
        device: landing.device,
        utm_source: cleanUtm(landing.utmSource),
        utm_medium: cleanUtm(landing.utmMedium),
        utm_campaign: cleanUtm(landing.utmCampaign),
        referrer_host: cleanReferrerHost(landing.referrerHost),
      }),
    stepShown: (sessionId: string, stepId: string) => stepCall('chat_step_shown', sessionId, stepId),
    stepAnswered: (sessionId: string, stepId: string) => stepCall('chat_step_answered', sessionId, stepId),
    /** The name form's name and phone, as the form checked them. */
    contactSubmitted: (sessionId: string, name: string, phone: string) =>
      call('chat_contact_submitted', sessionId, { name: name.trim(), phone: phone.trim() }),
    /** The privacy notice shown before the name form: its version and language (a later showing replaces it). */
    noticeShown: (sessionId: string, noticeVersion: string, noticeLanguage: string) =>
      call('chat_notice_shown', sessionId, { notice_version: noticeVersion, notice_language: noticeLanguage }),
    /** The visitor's tick or untick of the WhatsApp marketing opt-in. */
    marketingChosen: (sessionId: string, optedIn: boolean) => call('chat_marketing_chosen', sessionId, { opted_in: optedIn }),
    chatFirstChosen: (sessionId: string) => call('chat_first_chosen', sessionId),
    /** Attaches the lead this chat just saved. */
    completed: (sessionId: string, leadId: string) => call('chat_completed', sessionId, { lead_id: leadId }),
  }
}

export type ChatRecordingApi = ReturnType<typeof createChatRecordingApi>
