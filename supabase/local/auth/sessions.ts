import type { SqlSession } from '../db/database.ts'
import { signJwt } from '../jwt.ts'
import {
  currentRefreshToken,
  issueRefreshToken,
  lockRefreshToken,
  revokeRefreshToken,
  rotatedWithinReuseInterval,
  type StoredRefreshToken,
} from './refresh-tokens.ts'
import { appMetadata, findUserById, userJson, type UserRow } from './users.ts'

async function sessionJson(user: UserRow, sessionId: string, refreshToken: string, jwtSecret: string, expiry: number) {
  const now = Math.floor(Date.now() / 1000)
  const accessToken = await signJwt(
    {
      aud: 'authenticated',
      exp: now + expiry,
      iat: now,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    },
    jwtSecret,
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiry,
    expires_at: now + expiry,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>

export async function startSession(session: SqlSession, user: UserRow, jwtSecret: string, expiry: number): Promise<SessionJson> {
  const created = await session.query('insert into auth.sessions (user_id) values ($1::uuid) returning id::text as id', [user.id])
  const sessionId = String(created.rows[0]?.id)
  await session.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [user.id])
  const refreshed = (await findUserById(session, user.id)) ?? user
  return sessionJson(refreshed, sessionId, await issueRefreshToken(session, sessionId, user.id, jwtSecret), jwtSecret, expiry)
}

async function rotate(session: SqlSession, token: StoredRefreshToken, jwtSecret: string): Promise<string> {
  await revokeRefreshToken(session, token.hash)
  await session.query('update auth.sessions set refreshed_at = now() where id = $1::uuid', [token.sessionId])
  return issueRefreshToken(session, token.sessionId, token.userId, jwtSecret)
}

export type RefreshOutcome = { ok: true; session: SessionJson } | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' }

/**
 * Rotation: each refresh token is exchanged once for the next. Presented again within the reuse
 * interval of its exchange (another tab refreshing at the same moment), it answers the session's
 * current refresh token, so every tab ends up holding the same one. Later, it ends the whole
 * session, since either the client or a thief holds a copy.
 */
export async function refreshSession(session: SqlSession, refreshToken: string, jwtSecret: string, expiry: number): Promise<RefreshOutcome> {
  const token = await lockRefreshToken(session, refreshToken)
  if (!token) return { ok: false, code: 'refresh_token_not_found' }
  if (token.revoked && !(await rotatedWithinReuseInterval(session, token.hash))) {
    await session.query('delete from auth.sessions where id = $1::uuid', [token.sessionId])
    return { ok: false, code: 'refresh_token_already_used' }
  }
  const user = await findUserById(session, token.userId)
  if (!user) return { ok: false, code: 'refresh_token_not_found' }
  const nextToken = token.revoked ? await currentRefreshToken(session, token.sessionId, jwtSecret) : await rotate(session, token, jwtSecret)
  return { ok: true, session: await sessionJson(user, token.sessionId, nextToken, jwtSecret, expiry) }
}

export async function sessionExists(session: SqlSession, sessionId: string): Promise<boolean> {
  const found = await session.query('select 1 from auth.sessions where id::text = $1', [sessionId])
  return found.rows.length > 0
}

export async function endSessions(session: SqlSession, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
  if (scope === 'global') await session.query('delete from auth.sessions where user_id::text = $1', [userId])
  else if (scope === 'local') await session.query('delete from auth.sessions where id::text = $1', [sessionId])
  else await session.query('delete from auth.sessions where user_id::text = $1 and id::text <> $2', [userId, sessionId])
}
