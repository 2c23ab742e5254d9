import type { Database, SqlSession } from './database.ts'
import type { JwtClaims } from '../jwt.ts'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export const apiRoles: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']

export function isApiRole(value: unknown): value is ApiRole {
  return typeof value === 'string' && (apiRoles as readonly string[]).includes(value)
}

/**
 * What PostgREST does for each request: one transaction, switched to the JWT's role, with the
 * claims readable through auth.uid() / auth.jwt(); row-level security then decides.
 */
export function runAsCaller<T>(
  db: Database,
  role: ApiRole,
  claims: JwtClaims,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  return db.transaction(async (session) => {
    await session.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
      role,
      JSON.stringify(claims),
    ])
    return work(session)
  })
}
