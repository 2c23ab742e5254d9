import { randomUUID } from 'node:crypto'
import type { Database } from '../../local/db/database.ts'
import type { TestClient } from '../../local/testing/clients.ts'
import { aNotice } from '../../../src/testing/lead-fixtures.ts'

/** What every chat sends when it starts. */
export const landing = { flow_version: '1', device: 'phone' }

/** The answer of one recording call: the error PostgREST gave (null when recorded) and the HTTP status. */
export interface Recorded {
  error: { code: string; message: string } | null
  status: number
}

/** A visitor's chat recording through the narrow functions, with the session id it chose. */
export function chatRecorder(client: TestClient, sessionId: string = randomUUID()) {
  const call = async (fn: string, args: Record<string, unknown> = {}): Promise<Recorded> => {
    const { error, status } = await client.rpc(fn, { session_id: sessionId, ...args })
    return { error, status }
  }
  return {
    sessionId,
    call,
    start: (details: Record<string, unknown> = {}) => call('chat_session_start', { ...landing, ...details }),
    shown: (stepId: unknown) => call('chat_step_shown', { step_id: stepId }),
    answered: (stepId: unknown) => call('chat_step_answered', { step_id: stepId }),
    notice: (notice_version: unknown = aNotice.notice_version, notice_language: unknown = aNotice.notice_language) =>
      call('chat_notice_shown', { notice_version, notice_language }),
    marketing: (opted_in: unknown) => call('chat_marketing_chosen', { opted_in }),
    contact: (name: unknown, phone: unknown) => call('chat_contact_submitted', { name, phone }),
    chatFirst: () => call('chat_first_chosen'),
    completed: (leadId: unknown) => call('chat_completed', { lead_id: leadId }),
  }
}

export type ChatRecorder = ReturnType<typeof chatRecorder>

/** Shows and answers each step in turn, then shows `leftAt` (if any) and leaves it unanswered. */
export async function walk(chat: ChatRecorder, steps: string[], leftAt?: string): Promise<void> {
  for (const step of steps) {
    for (const recorded of [await chat.shown(step), await chat.answered(step)]) {
      if (recorded.error) throw new Error(`recording ${step} failed: ${recorded.error.message}`)
    }
  }
  if (leftAt) {
    const recorded = await chat.shown(leftAt)
    if (recorded.error) throw new Error(`recording ${leftAt} failed: ${recorded.error.message}`)
  }
}

/** A step as arranged: its id, seconds after the session's start it was shown, and answered (null: never). */
export type ArrangedStep = [stepId: string, shownAfter: number, answeredAfter: number | null]

/** A session as arranged; one with a lead submitted the name form, whose contact the lead now holds. */
export interface ArrangedSession {
  id?: string
  createdAt: string
  lastActivityAt?: string
  utmSource?: string
  referrerHost?: string
  name?: string
  phone?: string
  chatFirst?: boolean
  /** The visitor ticked the WhatsApp marketing opt-in (at the session's start). */
  whatsappMarketing?: boolean
  leadId?: string
  steps?: ArrangedStep[]
}

/** Inserts a session and its steps with the times given, as the superuser (no visitor can choose times). */
export async function arrangeSession(db: Database, session: ArrangedSession): Promise<string> {
  const id = session.id ?? randomUUID()
  await db.transaction(async (sql) => {
    await sql.query(
      `insert into public.chat_sessions (id, created_at, last_activity_at, flow_version, device, utm_source, referrer_host,
         name, phone, name_submitted_at, chat_first_at, lead_id, completed_at, whatsapp_marketing, whatsapp_marketing_at)
       values ($1, $2::timestamptz, coalesce($3, $2::timestamptz), '1', 'desktop', $4, $5, $6, $7,
         case when $6::text is not null or $9::text is not null then $2::timestamptz end,
         case when $8 then $2::timestamptz end, $9, case when $9::text is not null then $2::timestamptz end,
         $10, case when $10 then $2::timestamptz end)`,
      [id, session.createdAt, session.lastActivityAt ?? null, session.utmSource ?? null, session.referrerHost ?? null,
        session.name ?? null, session.phone ?? null, session.chatFirst ?? false, session.leadId ?? null, session.whatsappMarketing ?? false],
    )
    for (const [stepId, shownAfter, answeredAfter] of session.steps ?? []) {
      await sql.query(
        `insert into public.chat_steps (session_id, session_started_at, step_id, shown_at, answered_at)
         values ($1, $2::timestamptz, $3, $2::timestamptz + $4 * interval '1 second', $2::timestamptz + $5 * interval '1 second')`,
        [id, session.createdAt, stepId, shownAfter, answeredAfter],
      )
    }
  })
  return id
}

/** Runs one statement as the superuser (test arrangements: times no visitor could set). */
export async function asSuperuser<Row = Record<string, unknown>>(db: Database, statement: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.transaction((sql) => sql.query<Row>(statement, params))).rows
}
