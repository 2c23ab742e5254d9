import type { Session } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type RunningBackend } from '../local-backend.ts'
import { anonClient, clientFor, createUserAndSignIn } from '../testing/clients.ts'
import { createConfirmedUser } from './auth-test-requests.ts'

function sessionId(accessToken: string): unknown {
  return decodeJwt(accessToken).session_id
}

describe('refresh token reuse interval (as hosted Supabase Auth)', () => {
  it('gives eight tabs refreshing at once with one token the same current tokens, and the session goes on', async () => {
    const { client } = await createUserAndSignIn()
    const start = (await client.auth.getSession()).data.session!
    const tabs = Array.from({ length: 8 }, () => anonClient())

    const refreshed = await Promise.all(tabs.map((tab) => tab.auth.refreshSession({ refresh_token: start.refresh_token })))

    for (const { error } of refreshed) expect(error).toBeNull()
    const sessions = refreshed.map(({ data }) => data.session!)
    const refreshTokens = new Set(sessions.map((session) => session.refresh_token))
    expect(refreshTokens.size).toBe(1)
    const [current] = refreshTokens
    expect(current).not.toBe(start.refresh_token)
    for (const session of sessions) expect(sessionId(session.access_token)).toBe(sessionId(start.access_token))

    const user = await tabs[7]!.auth.getUser(sessions[7]!.access_token)
    expect(user.error).toBeNull()
    const lateTab = await anonClient().auth.refreshSession({ refresh_token: start.refresh_token })
    expect(lateTab.data.session?.refresh_token).toBe(current)
    const next = await anonClient().auth.refreshSession({ refresh_token: current })
    expect(next.error).toBeNull()
    expect(next.data.session?.refresh_token).not.toBe(current)
  })
})

describe('refresh token reuse after the interval', () => {
  let backend: RunningBackend
  beforeAll(async () => {
    backend = await startLocalBackend({ port: 0 })
  })
  afterAll(async () => {
    await backend.close()
  })

  async function signInAndRotate() {
    const client = clientFor(backend.url, backend.anonKey)
    const signedIn = await client.auth.signInWithPassword(await createConfirmedUser(backend))
    const first = signedIn.data.session!
    const rotated = await client.auth.refreshSession()
    expect(rotated.error).toBeNull()
    return { first, second: rotated.data.session! }
  }

  /** As if the session's rotations happened `seconds` earlier. */
  async function ageRotations(session: Session, seconds: number) {
    await backend.context.db.transaction((s) =>
      s.query('update auth.refresh_tokens set created_at = created_at - make_interval(secs => $2) where session_id = $1::uuid', [
        sessionId(session.access_token),
        seconds,
      ]),
    )
  }

  it('still answers the current tokens 9 s after the rotation', async () => {
    const { first, second } = await signInAndRotate()
    await ageRotations(second, 9)
    const otherTab = clientFor(backend.url, backend.anonKey)
    const reuse = await otherTab.auth.refreshSession({ refresh_token: first.refresh_token })
    expect(reuse.error).toBeNull()
    expect(reuse.data.session?.refresh_token).toBe(second.refresh_token)
  })

  it('ends the session when a rotated token comes back 11 s after its rotation', async () => {
    const { first, second } = await signInAndRotate()
    await ageRotations(second, 11)
    const client = clientFor(backend.url, backend.anonKey)

    const reuse = await client.auth.refreshSession({ refresh_token: first.refresh_token })
    expect(reuse.data.session).toBeNull()
    expect(reuse.error?.status).toBe(400)
    expect(reuse.error?.code).toBe('refresh_token_already_used')
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')

    const current = await client.auth.refreshSession({ refresh_token: second.refresh_token })
    expect(current.error?.code).toBe('refresh_token_not_found')
    const user = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${second.access_token}` } })
    expect(user.status).toBe(403)
    expect((await user.json()).code).toBe('session_not_found')
  })
})
