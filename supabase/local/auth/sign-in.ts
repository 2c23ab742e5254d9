import type { IncomingMessage } from 'node:http'
import { clientAddress } from '../http/client-address.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError, rateLimited, validationFailed } from './auth-error.ts'
import { jsonObject, textField } from './auth-input.ts'
import { passwordHookDecision } from './password-verification-hook.ts'
import { maximumPasswordLength, verifyPassword } from './passwords.ts'
import { startSession, type SessionJson } from './sessions.ts'
import { findUserByEmail, maxEmailLength } from './users.ts'


function inMinutes(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

/**
 * `POST /token?grant_type=password`, in Supabase Auth's order: the per-address limit, the password
 * check, then the password verification hook (the per-account limit, in SQL), which may refuse even
 * the right password.
 */
export async function signInWithPassword(req: IncomingMessage, context: AuthContext): Promise<SessionJson> {
  const body = await jsonObject(req)
  const email = textField(body, 'email', maxEmailLength).trim()
  const password = textField(body, 'password', maximumPasswordLength)
  if (!email && !password) throw validationFailed('Email and password are required')
  if (!email) throw validationFailed('missing email or phone')
  if (!password) throw validationFailed('Password is required')
  const address = clientAddress(req, context.trustProxy)
  if (context.rateLimits) {
    const wait = context.signInAddresses.reserve(address)
    if (wait > 0) throw rateLimited(wait, `Too many sign-in attempts. Try again in ${inMinutes(wait)}.`)
  }
  const user = await context.db.transaction((s) => findUserByEmail(s, email))
  const valid = await verifyPassword(password, user?.encrypted_password)
  if (!user) throw invalidCredentials()
  const hook = await passwordHookDecision(context.db, { userId: user.id, valid, address })
  if (hook.decision === 'reject') throw new AuthError(400, 'invalid_credentials', hook.message)
  if (!valid) throw invalidCredentials()
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  return context.db.transaction((s) => startSession(s, user, context.keys.jwtSecret, context.jwtExpiry))
}
