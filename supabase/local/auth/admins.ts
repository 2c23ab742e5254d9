import type { Database } from '../db/database.ts'
import { hasControlCharacters } from './input-rules.ts'
import { hashPassword, maximumPasswordLength, minimumPasswordLength } from './passwords.ts'
import { findUserByEmail, insertUser, isValidEmail, setPassword } from './users.ts'

export function adminInputProblem(email: string, password: string): string | undefined {
  if (!isValidEmail(email)) return `"${email}" is not a valid email address.`
  if (password.length < minimumPasswordLength) return `The password must be at least ${minimumPasswordLength} characters long.`
  if (password.length > maximumPasswordLength) return `The password must be at most ${maximumPasswordLength} characters long.`
  if (hasControlCharacters(password)) return 'The password must not contain control characters.'
  return undefined
}

/** Creates the user or resets its password, confirms it, and gives it the admin role (a new admin's display name: the email before the @). */
export async function upsertAdmin(db: Database, email: string, password: string): Promise<{ userId: string; created: boolean }> {
  const problem = adminInputProblem(email, password)
  if (problem) throw new Error(problem)
  const passwordHash = await hashPassword(password)
  return db.transaction(async (session) => {
    const existing = await findUserByEmail(session, email)
    let userId: string
    if (existing) {
      await setPassword(session, existing.id, passwordHash)
      await session.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid', [existing.id])
      userId = existing.id
    } else {
      const user = await insertUser(session, { email, passwordHash, confirmed: true, userMetadata: {}, appMetadata: {} })
      userId = user.id
    }
    // A member of the staff becomes an admin; a new member's display name comes from the email.
    await session.query(
      `insert into public.user_roles (user_id, role) values ($1::uuid, 'admin')
        on conflict (user_id) do update set role = 'admin' where public.user_roles.role <> 'admin'`,
      [userId],
    )
    return { userId, created: !existing }
  })
}

export async function countUsers(db: Database): Promise<number> {
  const result = await db.transaction((session) => session.query<{ n: number }>('select count(*)::int as n from auth.users'))
  return Number(result.rows[0]?.n ?? 0)
}
