import { randomInt } from 'node:crypto'
import { istWallClock } from '../src/lib/dayjs.ts'
import { serviceClient } from './admin-backend.ts'

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
