import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import type { ServiceHandler } from '../http/service.ts'
import type { AuthContext } from './auth-context.ts'
import { bearerToken } from '../http/caller.ts'
import { sendEmpty, sendJson } from '../http/respond.ts'
import { verifyJwt, type JwtClaims } from '../jwt.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import { AuthError, validationFailed } from './auth-error.ts'
import { jsonObject, metadataField, textField } from './auth-input.ts'
import { isUuid } from './input-rules.ts'
import { hashPassword, maximumPasswordLength, minimumPasswordLength } from './passwords.ts'
import { endSessions, refreshSession, sessionExists } from './sessions.ts'
import { signInAddressLimits } from './sign-in-limits.ts'
import { signInWithPassword } from './sign-in.ts'
import { confirmEmail, deleteUser, findUserByEmail, findUserById, insertUser, isValidEmail, maxEmailLength, setPassword, userJson } from './users.ts'

const apiVersionHeader = { 'x-supabase-api-version': '2024-01-01' }
const maxRefreshTokenLength = 512

async function refresh(req: IncomingMessage, context: BackendContext) {
  const body = await jsonObject(req)
  const token = textField(body, 'refresh_token', maxRefreshTokenLength)
  if (!token) throw validationFailed('refresh_token is required')
  const outcome = await context.db.transaction((s) => refreshSession(s, token, context.keys.jwtSecret, context.jwtExpiry))
  if (outcome.ok) return outcome.session
  const message = outcome.code === 'refresh_token_already_used' ? 'Invalid Refresh Token: Already Used' : 'Invalid Refresh Token: Refresh Token Not Found'
  throw new AuthError(400, outcome.code, message)
}

async function verifiedClaims(req: IncomingMessage, context: BackendContext): Promise<JwtClaims> {
  const token = bearerToken(req)
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  const check = await verifyJwt(token, context.keys.jwtSecret)
  if (!check.ok) {
    const reason = check.reason === 'expired' ? 'token is expired' : 'signature or format not accepted'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  return check.claims
}

async function signedInUser(req: IncomingMessage, context: BackendContext) {
  const claims = await verifiedClaims(req, context)
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  const { sub } = claims
  return context.db.transaction(async (s) => {
    if (!(await sessionExists(s, sessionId))) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    const user = await findUserById(s, sub)
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return { user, sessionId }
  })
}

async function requireServiceRole(req: IncomingMessage, context: BackendContext): Promise<void> {
  const claims = await verifiedClaims(req, context)
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
}

async function adminCreateUser(req: IncomingMessage, context: BackendContext) {
  await requireServiceRole(req, context)
  const body = await jsonObject(req)
  const email = textField(body, 'email', maxEmailLength).trim().toLowerCase()
  const password = textField(body, 'password', maximumPasswordLength)
  const userMetadata = metadataField(body, 'user_metadata')
  const appMetadata = metadataField(body, 'app_metadata')
  if (!isValidEmail(email)) throw validationFailed('Unable to validate email address: invalid format')
  if (password.length < minimumPasswordLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumPasswordLength} characters.`)
  }
  const passwordHash = await hashPassword(password)
  return context.db.transaction(async (s) => {
    if (await findUserByEmail(s, email)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    const user = await insertUser(s, {
      email,
      passwordHash,
      confirmed: body.email_confirm === true,
      userMetadata,
      appMetadata,
    })
    return userJson(user)
  })
}

async function adminDeleteUser(req: IncomingMessage, context: BackendContext, id: string) {
  await requireServiceRole(req, context)
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  const user = await context.db.transaction((s) => deleteUser(s, id))
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  return userJson(user)
}

const updatableUserFields = new Set(['password', 'email_confirm'])

/** GoTrue's PUT /admin/users/<id> for what the team function sends: a new password, a confirmed email. */
async function adminUpdateUser(req: IncomingMessage, context: BackendContext, id: string) {
  await requireServiceRole(req, context)
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  const body = await jsonObject(req)
  const unsupported = Object.keys(body).filter((field) => !updatableUserFields.has(field))
  if (unsupported.length > 0) throw notSupported(`updating a user's ${unsupported.join(', ')}`)
  const password = body.password === undefined ? undefined : textField(body, 'password', maximumPasswordLength)
  if (password !== undefined && password.length < minimumPasswordLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumPasswordLength} characters.`)
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password)
  return context.db.transaction(async (s) => {
    if (!(await findUserById(s, id))) throw new AuthError(404, 'user_not_found', 'User not found')
    if (passwordHash) await setPassword(s, id, passwordHash)
    if (body.email_confirm === true) await confirmEmail(s, id)
    return userJson((await findUserById(s, id))!)
  })
}

const settings = {
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
}

function notSupported(feature: string): AuthError {
  return new AuthError(501, 'not_supported', `Not supported by the local backend: ${feature}`)
}

async function route(req: IncomingMessage, res: ServerResponse, context: AuthContext, url: URL, path: string) {
  const method = req.method ?? 'GET'
  const send = (body: unknown) => sendJson(res, 200, body, apiVersionHeader)
  if (path === '/token' && method === 'POST') {
    const grant = url.searchParams.get('grant_type')
    if (grant === 'password') return send(await signInWithPassword(req, context))
    if (grant === 'refresh_token') return send(await refresh(req, context))
    if (!grant) throw validationFailed('grant_type is required')
    throw notSupported(`grant_type=${grant}`)
  }
  if (path === '/user' && method === 'GET') return send(userJson((await signedInUser(req, context)).user))
  if (path === '/logout' && method === 'POST') {
    const { user, sessionId } = await signedInUser(req, context)
    const scopeParam = url.searchParams.get('scope') ?? 'global'
    if (scopeParam !== 'global' && scopeParam !== 'local' && scopeParam !== 'others') {
      throw validationFailed('scope must be one of global, local, others')
    }
    await context.db.transaction((s) => endSessions(s, user.id, sessionId, scopeParam))
    return sendEmpty(res, 204, apiVersionHeader)
  }
  if (path === '/settings' && method === 'GET') return send(settings)
  if (path === '/signup' && method === 'POST') throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
  if (path === '/admin/users' && method === 'POST') return send(await adminCreateUser(req, context))
  const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path)
  if (adminUser?.[1] && method === 'DELETE') return send(await adminDeleteUser(req, context, decodeURIComponent(adminUser[1])))
  if (adminUser?.[1] && method === 'PUT') return send(await adminUpdateUser(req, context, decodeURIComponent(adminUser[1])))
  throw notSupported(`${method} /auth/v1${path}`)
}

async function handleAuth(req: IncomingMessage, res: ServerResponse, context: AuthContext, url: URL, path: string) {
  try {
    await route(req, res, context, url, path)
  } catch (error) {
    if (error instanceof AuthError) return sendJson(res, error.status, { code: error.code, message: error.message }, { ...apiVersionHeader, ...error.headers })
    throw error
  }
}

/** `/auth/v1/...`: password sign-in, refresh, user, logout, and the admin API's user creation, update and deletion. */
export function authService(shared: BackendContext): ServiceHandler {
  const context: AuthContext = { ...shared, signInAddresses: createAttemptLimiter({ ...signInAddressLimits, maxAttempts: shared.signInAttemptsPerAddress, now: Date.now }) }
  return (req, res, url, path) => handleAuth(req, res, context, url, path)
}
