import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signJwt } from '../jwt.ts'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser, type TestClient } from '../testing/clients.ts'
import { validLead } from '../testing/raw.ts'
import { changesOf, eventually, listen, refusal, serverCaughtUp, subscribed } from '../testing/realtime.ts'

const leads = [{ event: 'INSERT', table: 'leads' }] as const
const clients: TestClient[] = []
let admin: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
})

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels()
})

function freshClient(): TestClient {
  const client = anonClient()
  clients.push(client)
  return client
}

function adminToken(expiresIn: number, secret = inject('jwtSecret')): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return signJwt({ sub: admin.userId, role: 'authenticated', aud: 'authenticated', iat: now - 60, exp: now + expiresIn }, secret)
}

async function addLead() {
  const lead = validLead()
  expect((await serviceClient().from('leads').insert(lead)).error).toBeNull()
  return lead
}

describe('Realtime authorises each subscriber by its token', () => {
  it.each([
    ['forged', () => adminToken(600, 'not-the-secret-of-this-backend-000'), 'JwtSignatureError: Failed to validate JWT signature'],
    ['expired', () => adminToken(-30), /^InvalidJWTToken: Token has expired 3\d seconds ago$/],
    ['malformed', async () => 'not.a.jwt', 'MalformedJWT: The token provided is not a valid JWT'],
    [
      'of a role the API does not have',
      () => signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 600 }, inject('jwtSecret')),
      'Unauthorized: JWT role must be one of anon, authenticated, service_role',
    ],
  ])('refuses a %s token at join', async (_kind, token, reason) => {
    const client = freshClient()
    await client.realtime.setAuth(await token())
    const heard = listen(client, [...leads])
    const refused = await refusal(heard)
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error).toMatch(reason)
    await client.removeChannel(heard.channel)
    expect(heard.changes).toEqual([])
  })

  it('honours the token a client sends after signing in: a visitor who signs in as admin starts hearing leads', async () => {
    const client = freshClient()
    const heard = await subscribed(client, [...leads])
    const before = await addLead()
    await eventually(() => heard.changes.find((change) => change.errors?.includes('Error 401: Unauthorized')), 'the visitor to hear a change without its row')
    expect(changesOf(heard, before.id)).toEqual([])

    expect((await client.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull()
    await serverCaughtUp(client)
    const after = await addLead()
    const change = await eventually(() => changesOf(heard, after.id)[0], 'the signed-in admin to hear the lead')
    expect(change).toMatchObject({ eventType: 'INSERT', new: { id: after.id }, errors: null })
  })

  it('closes a channel whose client sends an expired token, saying why', async () => {
    const client = freshClient()
    await client.realtime.setAuth(await adminToken(600))
    const heard = await subscribed(client, [...leads])
    await client.realtime.setAuth(await adminToken(-5))
    expect(await refusal(heard)).toEqual({ status: 'CLOSED', error: undefined })
    expect(heard.system.at(-1)).toEqual({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: expect.any(String) })
  })

  it('closes a channel when its token expires', async () => {
    const client = freshClient()
    await client.realtime.setAuth(await adminToken(3))
    const heard = await subscribed(client, [...leads])
    const lead = await addLead()
    await eventually(() => changesOf(heard, lead.id)[0], 'the lead while the token is valid')
    expect(await eventually(() => heard.statuses.find(({ status }) => status === 'CLOSED'), 'the channel to close', 6000)).toBeDefined()
    expect(heard.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) })
  })
})
