import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { anonClient, clientFor, createUserAndSignIn } from '../testing/clients.ts'
import { createConfirmedUser, retryAfterSeconds, tokenRequest } from './auth-test-requests.ts'

function countStatus(responses: Response[], status: number): number {
  return responses.filter((response) => response.status === status).length
}

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429)
  expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
  expect(retryAfterSeconds(response)).toBeGreaterThanOrEqual(1)
  expect(retryAfterSeconds(response)).toBeLessThanOrEqual(15 * 60)
  expect(await response.json()).toEqual({
    code: 'over_request_rate_limit',
    message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/),
  })
}

describe('sign-in throttle per account (always on)', () => {
  it('checks at most 10 passwords of 300 sent at once, and the right password as guess #31 does not sign in', async () => {
    const { email, password } = await createUserAndSignIn()
    const rightGuess = 30
    const guesses = Array.from({ length: 300 }, (_, i) => (i === rightGuess ? password : `wrong-${i}`))

    const answers = await Promise.all(guesses.map((guess) => tokenRequest('password', { email, password: guess })))

    expect(countStatus(answers, 200)).toBe(0)
    expect(countStatus(answers, 400)).toBeLessThanOrEqual(10)
    expect(countStatus(answers, 400) + countStatus(answers, 429)).toBe(300)
    await expectRateLimited(answers[rightGuess]!)
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(retryAfterSeconds(refused)).toBeGreaterThanOrEqual(1)

    const afterwards = await anonClient().auth.signInWithPassword({ email, password })
    expect(afterwards.data.session).toBeNull()
    expect(afterwards.error?.status).toBe(429)
    expect(afterwards.error?.code).toBe('over_request_rate_limit')
  })

  it('does not let a burst at an unknown email check more than 10 passwords either', async () => {
    const email = `nobody-${randomUUID()}@example.com`
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => tokenRequest('password', { email, password: `wrong-${i}` })))
    expect(countStatus(answers, 400)).toBe(10)
    expect(countStatus(answers, 429)).toBe(50)
  })

  it('counts other spellings of the email against the same account', async () => {
    const { email, password } = await createUserAndSignIn()
    const spellings = [email.toUpperCase(), ` ${email}`, email]
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => tokenRequest('password', { email: spellings[i % 3], password: `wrong-${i}` })))
    expect(countStatus(answers, 400)).toBe(10)
    await expectRateLimited(await tokenRequest('password', { email, password }))
  })
})

describe('sign-in limit per client address (on unless LOCAL_BACKEND_RATE_LIMITS=off)', () => {
  let backend: RunningBackend
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0 })
  })
  afterAll(async () => {
    await backend.close()
  })

  it('refuses an address after 30 attempts in 15 minutes while another address still signs in', async () => {
    const { email, password } = await createConfirmedUser(backend)
    const attacker = '203.0.113.7'
    const spray = await Promise.all(
      Array.from({ length: 40 }, () =>
        tokenRequest('password', { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password' }, { target: backend, forwardedFor: attacker }),
      ),
    )
    expect(countStatus(spray, 400)).toBe(30)
    expect(countStatus(spray, 429)).toBe(10)

    await expectRateLimited(await tokenRequest('password', { email, password }, { target: backend, forwardedFor: attacker }))
    const elsewhere = clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': '198.51.100.20' })
    const signedIn = await elsewhere.auth.signInWithPassword({ email, password })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.email).toBe(email)
  })
})
