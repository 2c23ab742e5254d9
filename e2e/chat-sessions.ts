import { randomInt, randomUUID } from 'node:crypto'
import { istWallClock } from '../src/lib/dayjs.ts'
import { aLeadPayload } from '../src/testing/lead-fixtures.ts'
import { anonClient, serviceClient } from './admin-backend.ts'

/** What a visitor's chat records, through the anon functions the chat calls (supabase/migrations/20261122001400). */
export function visitorChat(landing: { utm_source?: string; referrer_host?: string } = {}) {
  const client = anonClient()
  const sessionId = randomUUID()
  const call = async (fn: string, args: Record<string, unknown> = {}) => {
    const { error } = await client.rpc(fn, { session_id: sessionId, ...args })
    if (error) throw new Error(`${fn} failed: ${error.message}`)
  }
  return {
    sessionId,
    start: () => call('chat_session_start', { flow_version: '1', device: 'desktop', ...landing }),
    /** Shows and answers each step in turn, then shows `leftAt` (if any) and leaves it unanswered. */
    async walk(steps: string[], leftAt?: string) {
      for (const step of steps) {
        await call('chat_step_shown', { step_id: step })
        await call('chat_step_answered', { step_id: step })
      }
      if (leftAt) await call('chat_step_shown', { step_id: leftAt })
    },
    contact: (name: string, phone: string) => call('chat_contact_submitted', { name, phone }),
    chatFirst: () => call('chat_first_chosen'),
    /** Saves the visitor's lead as the chat does, and attaches it to the session. */
    async saveLead(name: string, phone: string) {
      const lead = aLeadPayload({ name, phone })
      const { error } = await client.from('leads').insert([lead])
      if (error) throw new Error(`saving the lead failed: ${error.message}`)
      await call('chat_completed', { lead_id: lead.id })
    },
  }
}

/** A past IST day without chat sessions, as YYYY-MM-DD, so a test's figures for it are its own. */
export async function quietDay(): Promise<string> {
  for (;;) {
    const day = istWallClock('2024-01-01', '12:00').add(randomInt(700), 'day').format('YYYY-MM-DD')
    const { count, error } = await serviceClient()
      .from('chat_sessions')
      .select('id', { count: 'exact', head: true })
      .gte('created_at', istWallClock(day, '00:00').toISOString())
      .lt('created_at', istWallClock(day, '00:00').add(1, 'day').toISOString())
    if (error) throw new Error(`looking for a quiet day failed: ${error.message}`)
    if (count === 0) return day
  }
}

/**
 * Moves sessions to a start at 10:00 IST on `day` (their steps move with them) and makes them idle for
 * an hour: times no visitor can set, so the service role sets them.
 */
export async function startedOnAndIdle(day: string, sessionIds: string[]) {
  for (const id of sessionIds) {
    const { error } = await serviceClient()
      .from('chat_sessions')
      .update({ created_at: istWallClock(day, '10:00').toISOString(), last_activity_at: new Date(Date.now() - 3_600_000).toISOString() })
      .eq('id', id)
    if (error) throw new Error(`moving a chat session failed: ${error.message}`)
  }
}
