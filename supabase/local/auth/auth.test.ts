import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient } from '../testing/clients.ts'
import { rawFetch } from '../testing/raw.ts'
import { tokenRequest } from './auth-test-requests.ts'

function passwordSignIn(body: unknown) {
  return tokenRequest('password', body)
}

describe('auth: password sign-in', () => {
  it('answers a session with a real access token and the user', async () => {
    const { email, password, userId } = await createUserAndSignIn()
    const response = await passwordSignIn({ email, password })
    expect(response.status).toBe(200)
    const session = await response.json()
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: userId, email, aud: 'authenticated' } })
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(typeof session.refresh_token).toBe('string')
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({ sub: userId, aud: 'authenticated', role: 'authenticated', email })
    expect(typeof claims.session_id).toBe('string')
    expect(claims.exp! - claims.iat!).toBe(3600)
  })

  it('refuses a wrong password with invalid_credentials and the API version header', async () => {
    const { email } = await createUserAndSignIn()
    const response = await passwordSignIn({ email, password: 'not-the-password' })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })

    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' })
    expect(data.session).toBeNull()
    expect(error?.message).toBe('Invalid login credentials')
    expect(error?.code).toBe('invalid_credentials')
  })

  it('gives an unknown email the same answer as a wrong password', async () => {
    const response = await passwordSignIn({ email: 'nobody@example.com', password: 'whatever-123' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('slows password guessing: after ten wrong passwords in a row, even the right one is refused, with the reason', async () => {
    const { email, password } = await createUserAndSignIn()
    for (let i = 0; i < 10; i++) expect((await passwordSignIn({ email, password: `guess-${i}` })).status).toBe(400)
    const throttled = await passwordSignIn({ email, password })
    expect(throttled.status).toBe(400)
    expect(await throttled.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Too many failed sign-ins from this address. Try again in 15 minutes.',
    })
  })

  it('names missing fields and malformed bodies', async () => {
    const missingBoth = await passwordSignIn({})
    expect(missingBoth.status).toBe(400)
    expect((await missingBoth.json()).message).toBe('Email and password are required')
    const missingPassword = await passwordSignIn({ email: 'a@example.com' })
    expect((await missingPassword.json()).message).toBe('Password is required')
    const malformed = await passwordSignIn('{"email":')
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).message).toMatch(/^Could not parse request body as JSON/)
    const notAnObject = await passwordSignIn('[1,2]')
    expect((await notAnObject.json()).message).toBe('The request body must be a JSON object')
  })
})

describe('auth: user, refresh, logout', () => {
  it('returns the signed-in user', async () => {
    const { client, userId, email } = await createUserAndSignIn()
    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id: userId, email, role: 'authenticated', app_metadata: { provider: 'email' } })
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String))
  })

  it('rotates refresh tokens within the session', async () => {
    const { client } = await createUserAndSignIn()
    const first = (await client.auth.getSession()).data.session!
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const second = refreshed.data.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id)
  })

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'made-up-token' })
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })

  it('logs out with 204 and the session is gone', async () => {
    const { client } = await createUserAndSignIn()
    const session = (await client.auth.getSession()).data.session!
    const logout = await rawFetch('/auth/v1/logout?scope=global', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
    })
    expect(logout.status).toBe(204)
    const user = await rawFetch('/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } })
    expect(user.status).toBe(403)
    expect((await user.json()).code).toBe('session_not_found')
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })

  it('signOut through supabase-js clears the client session', async () => {
    const { client } = await createUserAndSignIn()
    expect((await client.auth.signOut()).error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()
  })

  it('answers a forged or garbage token on /user with bad_jwt', async () => {
    const { client } = await createUserAndSignIn()
    const token = (await client.auth.getSession()).data.session!.access_token
    const [header, payload] = token.split('.')
    for (const bad of [`${header}.${payload}.forged-signature`, 'garbage']) {
      const response = await rawFetch('/auth/v1/user', { headers: { authorization: `Bearer ${bad}` } })
      expect(response.status).toBe(403)
      expect((await response.json()).code).toBe('bad_jwt')
    }
  })
})

describe('auth: admin users', () => {
  it('creates and deletes users with the service key only', async () => {
    const email = `admin-api-${Date.now()}@example.com`
    const refused = await anonClient().auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true })
    expect(refused.error?.status).toBe(403)
    expect(refused.error?.message).toBe('User not allowed')

    const service = serviceClient()
    const created = await service.auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true })
    expect(created.error).toBeNull()
    expect(created.data.user?.email).toBe(email)
    const duplicate = await service.auth.admin.createUser({ email: email.toUpperCase(), password: 'long-enough-1', email_confirm: true })
    expect(duplicate.error?.code).toBe('email_exists')

    expect((await service.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull()
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })
    expect(signIn.error?.message).toBe('Invalid login credentials')
  })

  it('validates email and password on creation', async () => {
    const service = serviceClient()
    const badEmail = await service.auth.admin.createUser({ email: 'not an email', password: 'long-enough-1', email_confirm: true })
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format')
    const weak = await service.auth.admin.createUser({ email: `weak-${Date.now()}@example.com`, password: 'short', email_confirm: true })
    expect(weak.error?.code).toBe('weak_password')
    expect(weak.error?.message).toBe('Password should be at least 8 characters.')
  })

  it('keeps unconfirmed users out', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`
    await serviceClient().auth.admin.createUser({ email, password: 'long-enough-1' })
    const { error } = await anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })
    expect(error?.code).toBe('email_not_confirmed')
  })

  it('refuses sign-ups: accounts are made by an admin', async () => {
    const { error } = await anonClient().auth.signUp({ email: `signup-${Date.now()}@example.com`, password: 'long-enough-1' })
    expect(error?.code).toBe('signup_disabled')
  })
})
