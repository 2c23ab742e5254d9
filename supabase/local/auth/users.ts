import type { SqlSession } from '../db/database.ts'
import { hasControlCharacters } from './input-rules.ts'

export interface UserRow {
  id: string
  email: string
  encrypted_password: string
  email_confirmed_at: Date | string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string
  last_sign_in_at: Date | string | null
}

const userColumns =
  'id::text as id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at'

function iso(value: Date | string | null): string | null {
  if (value === null) return null
  return new Date(value).toISOString()
}

export function appMetadata(user: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...(user.raw_app_meta_data ?? {}) }
}

/** The user object GoTrue answers, with the fields auth-js reads. */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  }
}

export async function findUserByEmail(session: SqlSession, email: string): Promise<UserRow | undefined> {
  const found = await session.query<UserRow>(`select ${userColumns} from auth.users where lower(email) = lower($1)`, [email])
  return found.rows[0]
}

export async function findUserById(session: SqlSession, id: string): Promise<UserRow | undefined> {
  const found = await session.query<UserRow>(`select ${userColumns} from auth.users where id::text = $1`, [id])
  return found.rows[0]
}

export interface NewUser {
  email: string
  passwordHash: string
  confirmed: boolean
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
}

export async function insertUser(session: SqlSession, user: NewUser): Promise<UserRow> {
  const inserted = await session.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values (lower($1), $2, case when $3::boolean then now() end, $4::jsonb, $5::jsonb)
     returning ${userColumns}`,
    [user.email, user.passwordHash, user.confirmed, JSON.stringify(user.userMetadata), JSON.stringify(user.appMetadata)],
  )
  const row = inserted.rows[0]
  if (!row) throw new Error('insert into auth.users returned no row')
  return row
}

/** A new password ends every session of the user and with them their refresh tokens, as Supabase Auth does. */
export async function setPassword(session: SqlSession, id: string, passwordHash: string): Promise<void> {
  await session.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid', [id, passwordHash])
  await session.query('delete from auth.sessions where user_id = $1::uuid', [id])
}

export async function confirmEmail(session: SqlSession, id: string): Promise<void> {
  await session.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid', [id])
}

export async function deleteUser(session: SqlSession, id: string): Promise<UserRow | undefined> {
  const user = await findUserById(session, id)
  if (user) await session.query('delete from auth.users where id = $1::uuid', [id])
  return user
}

export const maxEmailLength = 255
const emailPattern = /^[^\s@"'<>()[\]\\,;:]+@[^\s@"'<>()[\]\\,;:]+\.[A-Za-z]{2,}$/

export function isValidEmail(email: string): boolean {
  return email.length <= maxEmailLength && emailPattern.test(email) && !hasControlCharacters(email)
}
