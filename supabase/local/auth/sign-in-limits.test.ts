import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { clientFor, clientsOf } from '../testing/clients.ts'
import { startOwnBackend } from '../testing/own-backend.ts'
import { createThrowawayDatabase } from '../testing/throwaway-database.ts'
import { createConfirmedUser, retryAfterSeconds, tokenRequest } from './auth-test-requests.ts'

const newAddressRefusal = /^Too many failed sign-ins to this account from new addresses\. Try again in (\d+) minutes?, or from where you signed in before\.$/
const knownAddressRefusal = /^Too many failed sign-ins from this address\. Try again in (\d+) minutes?\.$/

/** What a sign-in answered, in words. */
async function outcome(response: Response): Promise<string> {
  const body = (await response.json()) as { code?: string; message?: string }
  if (response.status === 200) return 'signed in'
  if (response.status === 400 && body.code === 'invalid_credentials') {
    if (body.message === 'Invalid login credentials') return 'wrong password'
    if (newAddressRefusal.test(body.message ?? '')) return 'refused: new address'
    if (knownAddressRefusal.test(body.message ?? '')) return 'refused: this address'
  }
  return `${response.status} ${body.code}: ${body.message}`
}

function count(outcomes: string[], which: string): number {
  return outcomes.filter((found) => found === which).length
}

let backend: RunningBackend

beforeAll(async () => {
  backend = await startOwnBackend()
})

afterAll(async () => {
  await backend.close()
})

function signIn(email: string, password: string, address: string): Promise<Response> {
  return tokenRequest('password', { email, password }, { target: backend, forwardedFor: address })
}

/** A confirmed user who has signed in once from `home`, so that address is known to the account. */
async function owner(home = '192.0.2.10') {
  const { email, password } = await createConfirmedUser(backend)
  const first = await signIn(email, password, home)
  expect(first.status).toBe(200)
  const { user } = (await first.json()) as { user: { id: string } }
  return { email, password, home, userId: user.id }
}

/** Moves the account's recorded failures back in time, as if `minutes` had passed. */
async function minutesPass(userId: string, minutes: number): Promise<void> {
  await backend.context.db.transaction((s) =>
    s.query('update private.sign_in_failures set at = at - make_interval(mins => $2) where user_id = $1::uuid', [userId, minutes]),
  )
}

const spreadAddress = (i: number) => `203.0.113.${i + 1}`

describe('per account: the password verification hook, always on', () => {
  it('cannot be used to lock the owner out: ten wrong passwords from one address, and the owner signs in from where they did before', async () => {
    const account = await owner()
    const attacker = '198.51.100.66'
    const guesses = []
    for (let i = 0; i < 10; i++) guesses.push(await outcome(await signIn(account.email, `wrong-${i}`, attacker)))
    expect(guesses).toEqual([...Array(5).fill('wrong password'), ...Array(5).fill('refused: new address')])

    expect(await outcome(await signIn(account.email, account.password, account.home))).toBe('signed in')
    expect(await outcome(await signIn(account.email, account.password, attacker))).toBe('refused: new address')
  })

  it('lets a guesser spread over 40 addresses, all at once, learn the answer to 5 passwords, and the right one as guess 41 does not sign in', async () => {
    const account = await owner()
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(account.email, `wrong-${i}`, spreadAddress(i)).then(outcome)))
    expect([count(outcomes, 'wrong password'), count(outcomes, 'refused: new address')]).toEqual([5, 35])

    const rightGuess = await signIn(account.email, account.password, spreadAddress(40))
    expect(rightGuess.status).toBe(400)
    expect(await outcome(rightGuess)).toBe('refused: new address')
    expect(await outcome(await signIn(account.email, account.password, account.home))).toBe('signed in')
  })

  it('gives new addresses 5 more answers only once an hour has passed since the failures', async () => {
    const account = await owner()
    for (let i = 0; i < 5; i++) expect(await outcome(await signIn(account.email, `wrong-${i}`, spreadAddress(i)))).toBe('wrong password')
    await minutesPass(account.userId, 58)
    const refused = (await signIn(account.email, 'wrong-5', spreadAddress(5)).then((response) => response.json())) as { message: string }
    expect(newAddressRefusal.exec(refused.message)?.[1]).toBe('2')

    await minutesPass(account.userId, 2)
    const later = []
    for (let i = 0; i < 6; i++) later.push(await outcome(await signIn(account.email, `later-${i}`, spreadAddress(10 + i))))
    expect(later).toEqual([...Array(5).fill('wrong password'), 'refused: new address'])
  })

  it('counts every spelling of the email against the one account', async () => {
    const account = await owner()
    const spellings = [account.email.toUpperCase(), ` ${account.email}`, account.email]
    const outcomes = []
    for (let i = 0; i < 6; i++) outcomes.push(await outcome(await signIn(spellings[i % 3]!, `wrong-${i}`, spreadAddress(i))))
    expect(outcomes).toEqual([...Array(5).fill('wrong password'), 'refused: new address'])
  })

  it('limits a known address on its own: its eleventh failure in 15 minutes waits, other addresses the owner used do not', async () => {
    const account = await owner()
    const office = '192.0.2.20'
    expect(await outcome(await signIn(account.email, account.password, office))).toBe('signed in')
    const outcomes = []
    for (let i = 0; i < 11; i++) outcomes.push(await outcome(await signIn(account.email, `typo-${i}`, office)))
    expect(outcomes).toEqual([...Array(10).fill('wrong password'), 'refused: this address'])
    expect(await outcome(await signIn(account.email, account.password, office))).toBe('refused: this address')

    expect(await outcome(await signIn(account.email, account.password, account.home))).toBe('signed in')
    expect(await outcome(await signIn(account.email, 'wrong', spreadAddress(0)))).toBe('wrong password')
    await minutesPass(account.userId, 15)
    expect(await outcome(await signIn(account.email, account.password, office))).toBe('signed in')
  })

  it("takes nothing from the budget for a new address's right password, and knows that address from then on", async () => {
    const account = await owner()
    const phone = '198.51.100.7'
    expect(await outcome(await signIn(account.email, 'first try wrong', phone))).toBe('wrong password')
    expect(await outcome(await signIn(account.email, account.password, phone))).toBe('signed in')
    const outcomes = []
    for (let i = 0; i < 6; i++) outcomes.push(await outcome(await signIn(account.email, `wrong-${i}`, spreadAddress(i))))
    expect(outcomes).toEqual([...Array(5).fill('wrong password'), 'refused: new address'])
    expect(await outcome(await signIn(account.email, account.password, phone))).toBe('signed in')
  })

  it('remembers the 10 addresses an account signed in from last, and forgets older ones', async () => {
    const account = await owner('192.0.2.100')
    for (let i = 1; i <= 10; i++) expect(await outcome(await signIn(account.email, account.password, `192.0.2.${100 + i}`))).toBe('signed in')
    for (let i = 0; i < 5; i++) await signIn(account.email, `wrong-${i}`, spreadAddress(i))
    expect(await outcome(await signIn(account.email, account.password, '192.0.2.100'))).toBe('refused: new address')
    expect(await outcome(await signIn(account.email, account.password, '192.0.2.101'))).toBe('signed in')
  })

  it('cannot be called through the API, by visitors, users or the service role', async () => {
    const { createUserAndSignIn, anonClient, serviceClient } = clientsOf(backend)
    const member = await createUserAndSignIn()
    const event = { user_id: member.userId, valid: true, metadata: { ip_address: '203.0.113.99' } }
    for (const client of [anonClient(), member.client, serviceClient()]) {
      const { data, error } = await client.rpc('hook_password_verification_attempt', { event })
      expect([data, error?.code]).toEqual([null, '42501'])
    }
  })
})

describe('per client address (on unless LOCAL_BACKEND_RATE_LIMITS=off)', () => {
  it('refuses an address after 30 attempts in 15 minutes while another address still signs in', async () => {
    const { email, password } = await createConfirmedUser(backend)
    const attacker = '203.0.113.250'
    const spray = await Promise.all(
      Array.from({ length: 40 }, () =>
        tokenRequest('password', { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password' }, { target: backend, forwardedFor: attacker }),
      ),
    )
    expect(spray.filter((response) => response.status === 400)).toHaveLength(30)
    const refused = spray.filter((response) => response.status === 429)
    expect(refused).toHaveLength(10)
    expect(retryAfterSeconds(refused[0]!)).toBeGreaterThan(14 * 60)
    expect(await refused[0]!.json()).toEqual({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/),
    })

    expect((await signIn(email, password, attacker)).status).toBe(429)
    const elsewhere = clientFor(backend.url, backend.anonKey, { 'x-forwarded-for': '198.51.100.20' })
    const signedIn = await elsewhere.auth.signInWithPassword({ email, password })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.email).toBe(email)
  })
})

describe('what the account rule remembers, across a restart of the backend', () => {
  it('keeps the failures and the known addresses in the database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sign-in-restart-'))
    const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL) : undefined
    const options = { dataDir, databaseUrl: database?.url, port: 0 }
    try {
      const before = await startLocalBackend(options)
      const { email, password } = await createConfirmedUser(before)
      const at = (target: RunningBackend, pass: string, address: string) =>
        tokenRequest('password', { email, password: pass }, { target, forwardedFor: address }).then(outcome)
      expect(await at(before, password, '192.0.2.10')).toBe('signed in')
      for (let i = 0; i < 5; i++) expect(await at(before, `wrong-${i}`, spreadAddress(i))).toBe('wrong password')
      await before.close()

      const after = await startLocalBackend(options)
      try {
        expect(await at(after, password, spreadAddress(9))).toBe('refused: new address')
        expect(await at(after, password, '192.0.2.10')).toBe('signed in')
      } finally {
        await after.close()
      }
    } finally {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
