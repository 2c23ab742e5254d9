import { createHash, createHmac } from 'node:crypto'
import type { SqlSession } from '../db/database.ts'

/** As hosted Supabase Auth's default: a rotated refresh token still works this long (tabs refreshing at once). */
const reuseIntervalSeconds = 10

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * A session's n-th refresh token (from 0) is an HMAC of the session and n under the server
 * secret: only its SHA-256 is stored, yet the current token can be answered again. Tokens are
 * deleted only with their session, so their count gives n.
 */
function refreshTokenAt(jwtSecret: string, sessionId: string, sequence: number): string {
  return createHmac('sha256', jwtSecret).update(`refresh-token:${sessionId}:${sequence}`).digest('base64url')
}

async function tokenCount(session: SqlSession, sessionId: string): Promise<number> {
  const counted = await session.query<{ n: number }>('select count(*)::int as n from auth.refresh_tokens where session_id = $1::uuid', [sessionId])
  return Number(counted.rows[0]?.n ?? 0)
}

export async function issueRefreshToken(session: SqlSession, sessionId: string, userId: string, jwtSecret: string): Promise<string> {
  const token = refreshTokenAt(jwtSecret, sessionId, await tokenCount(session, sessionId))
  await session.query('insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2::uuid, $3::uuid)', [
    hashToken(token),
    sessionId,
    userId,
  ])
  return token
}

/** The session's newest refresh token, the one its next refresh should present. */
export async function currentRefreshToken(session: SqlSession, sessionId: string, jwtSecret: string): Promise<string> {
  return refreshTokenAt(jwtSecret, sessionId, (await tokenCount(session, sessionId)) - 1)
}

export interface StoredRefreshToken {
  hash: string
  sessionId: string
  userId: string
  revoked: boolean
}

/**
 * Finds the token and locks its row until the transaction ends: concurrent refreshes with one
 * token queue here, and each then sees what the one before it did.
 */
export async function lockRefreshToken(session: SqlSession, token: string): Promise<StoredRefreshToken | undefined> {
  const hash = hashToken(token)
  const found = await session.query<{ session_id: string; user_id: string; revoked: boolean }>(
    'select session_id::text as session_id, user_id::text as user_id, revoked from auth.refresh_tokens where token_hash = $1 for update',
    [hash],
  )
  const row = found.rows[0]
  return row && { hash, sessionId: row.session_id, userId: row.user_id, revoked: row.revoked }
}

export async function revokeRefreshToken(session: SqlSession, hash: string): Promise<void> {
  await session.query('update auth.refresh_tokens set revoked = true where token_hash = $1', [hash])
}

/** Whether the token that replaced this revoked one was issued within the reuse interval. */
export async function rotatedWithinReuseInterval(session: SqlSession, hash: string): Promise<boolean> {
  const found = await session.query<{ recent: boolean | null }>(
    `select min(successor.created_at) > clock_timestamp() - make_interval(secs => $2) as recent
       from auth.refresh_tokens used
       join auth.refresh_tokens successor on successor.session_id = used.session_id and successor.created_at > used.created_at
      where used.token_hash = $1`,
    [hash, reuseIntervalSeconds],
  )
  return found.rows[0]?.recent === true
}
