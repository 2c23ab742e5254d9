import type { IncomingMessage } from 'node:http'
import { clientAddress } from '../http/client-address.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError, rateLimited, validationFailed } from './auth-error.ts'
import { jsonObject, textField } from './auth-input.ts'
import { maximumPasswordLength, verifyPassword } from './passwords.ts'
import { startSession, type SessionJson } from './sessions.ts'
import { findUserByEmail, maxEmailLength } from './users.ts'

function inMinutes(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** `POST /token?grant_type=password`: each password check is reserved with the sign-in throttle first. */
export async function signInWithPassword(req: IncomingMessage, context: AuthContext): Promise<SessionJson> {
  const body = await jsonObject(req)
  const email = textField(body, 'email', maxEmailLength).trim()
  const password = textField(body, 'password', maximumPasswordLength)
  if (!email && !password) throw validationFailed('Email and password are required')
  if (!email) throw validationFailed('missing email or phone')
  if (!password) throw validationFailed('Password is required')
  const user = await context.db.transaction((s) => findUserByEmail(s, email))
  // The user the database matched, not the typed spelling: every spelling that reaches one user shares its count.
  const account = user?.id ?? `unknown:${email.toLowerCase()}`
  const wait = context.signInThrottle.reserve({ account, address: context.rateLimits ? clientAddress(req, context.trustProxy) : undefined })
  if (wait > 0) throw rateLimited(wait, `Too many sign-in attempts. Try again in ${inMinutes(wait)}.`)
  const valid = await verifyPassword(password, user?.encrypted_password)
  if (!user || !valid) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
  context.signInThrottle.recordSuccess(account)
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  return context.db.transaction((s) => startSession(s, user, context.keys.jwtSecret, context.jwtExpiry))
}
