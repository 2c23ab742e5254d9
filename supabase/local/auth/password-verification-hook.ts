import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'

/** Supabase Auth's message when a hook rejects without one of its own. */
const defaultRejection = 'Further password verification attempts will be rejected.'

export type PasswordHookDecision = { decision: 'continue' } | { decision: 'reject'; message: string }

export interface CheckedPassword {
  userId: string
  /** Whether the password was right. */
  valid: boolean
  /** The client's address, as Supabase Auth gives it to hooks. */
  address: string
}

/**
 * The migrations' `public.hook_password_verification_attempt`, called as Supabase Auth calls a
 * Postgres hook once it is enabled: after the password check, as `supabase_auth_admin`, in a
 * transaction of its own (so what it records stays even when the sign-in is refused), with the same
 * event. The local backend always calls it, so the rule in SQL is the one tested here.
 */
export async function passwordHookDecision(db: Database, checked: CheckedPassword): Promise<PasswordHookDecision> {
  const event = {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'password-verification', ip_address: checked.address },
    user_id: checked.userId,
    valid: checked.valid,
  }
  const output = await db.transaction(async (session) => {
    await session.query('set local role supabase_auth_admin')
    await session.query("set local statement_timeout = '2s'")
    const result = await session.query<{ output: unknown }>('select public.hook_password_verification_attempt($1::jsonb) as output', [JSON.stringify(event)])
    return result.rows[0]?.output
  })
  const { decision, message } = (typeof output === 'object' && output !== null ? output : {}) as { decision?: unknown; message?: unknown }
  if (decision !== 'reject') return { decision: 'continue' }
  return { decision: 'reject', message: typeof message === 'string' && message !== '' ? message : defaultRejection }
}
