import { createHash, randomBytes } from 'node:crypto'
import type { SqlSession } from '../db/database.ts'
import { signJwt } from '../jwt.ts'
import { appMetadata, findUserById, userJson, type UserRow } from './users.ts'

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

async function newRefreshToken(session: SqlSession, sessionId: string, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await session.query('insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2::uuid, $3::uuid)', [
    hashToken(token),
    sessionId,
    userId,
  ])
  return token
}

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
  return sessionJson(refreshed, sessionId, await newRefreshToken(session, sessionId, user.id), jwtSecret, expiry)
}

export type RefreshOutcome = { ok: true; session: SessionJson } | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' }

/**
 * Rotation: each refresh token works once. Presenting a used one again ends its whole session,
 * since either the client or a thief holds a copy.
 */
export async function refreshSession(session: SqlSession, refreshToken: string, jwtSecret: string, expiry: number): Promise<RefreshOutcome> {
  const found = await session.query(
    'select session_id::text as session_id, user_id::text as user_id, revoked from auth.refresh_tokens where token_hash = $1 for update',
    [hashToken(refreshToken)],
  )
  const row = found.rows[0]
  if (!row) return { ok: false, code: 'refresh_token_not_found' }
  const sessionId = String(row.session_id)
  if (row.revoked) {
    await session.query('delete from auth.sessions where id = $1::uuid', [sessionId])
    return { ok: false, code: 'refresh_token_already_used' }
  }
  const user = await findUserById(session, String(row.user_id))
  if (!user) return { ok: false, code: 'refresh_token_not_found' }
  await session.query('update auth.refresh_tokens set revoked = true where token_hash = $1', [hashToken(refreshToken)])
  await session.query('update auth.sessions set refreshed_at = now() where id = $1::uuid', [sessionId])
  return { ok: true, session: await sessionJson(user, sessionId, await newRefreshToken(session, sessionId, user.id), jwtSecret, expiry) }
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
