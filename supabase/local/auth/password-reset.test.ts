import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackendOptions, type RunningBackend } from '../local-backend.ts'
import { clientsOf, type SignedInUser } from '../testing/clients.ts'
import { createThrowawayDatabase } from '../testing/throwaway-database.ts'
import { tokenRequest } from './auth-test-requests.ts'

/** `npm run admin:create -- <email> <password>` on the backend's data folder (and DATABASE_URL server, if any). */
async function adminCreate(options: LocalBackendOptions, email: string, password: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_BACKEND_DATA_DIR: options.dataDir }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  else delete env.DATABASE_URL
  const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['supabase/local/admin-create.ts', email, password], { env })
  return stdout
}

async function sessionOf(user: SignedInUser) {
  const { data } = await user.client.auth.getSession()
  if (!data.session) throw new Error('no session')
  return { accessToken: data.session.access_token, refreshToken: data.session.refresh_token }
}

function currentUser(backend: RunningBackend, accessToken: string): Promise<Response> {
  return fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${accessToken}` } })
}

describe('a password reset with admin:create', () => {
  it('ends every session of that admin: refresh tokens from before answer an error, access tokens have no session', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'password-reset-'))
    const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL) : undefined
    const options: LocalBackendOptions = { dataDir, databaseUrl: database?.url }
    try {
      const before = await startLocalBackend({ ...options, port: 0 })
      const admin = await clientsOf(before).createUserAndSignIn({ admin: true })
      const secondTab = await clientsOf(before).anonClient().auth.signInWithPassword({ email: admin.email, password: admin.password })
      const bystander = await clientsOf(before).createUserAndSignIn({ admin: true })
      const sessions = [await sessionOf(admin), { accessToken: secondTab.data.session!.access_token, refreshToken: secondTab.data.session!.refresh_token }]
      const bystanderSession = await sessionOf(bystander)
      await before.close()

      const newPassword = 'a-new-password-after-the-reset'
      expect(await adminCreate(options, admin.email, newPassword)).toContain(`Updated admin ${admin.email}`)

      const after = await startLocalBackend({ ...options, port: 0 })
      try {
        for (const { accessToken, refreshToken } of sessions) {
          const refreshed = await tokenRequest('refresh_token', { refresh_token: refreshToken }, { target: after })
          expect([refreshed.status, await refreshed.json()]).toEqual([
            400,
            { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
          ])
          const user = await currentUser(after, accessToken)
          expect([user.status, (await user.json()).code]).toEqual([403, 'session_not_found'])
        }

        const oldPassword = await tokenRequest('password', { email: admin.email, password: admin.password }, { target: after })
        expect([oldPassword.status, (await oldPassword.json()).message]).toEqual([400, 'Invalid login credentials'])
        const signedIn = await clientsOf(after).anonClient().auth.signInWithPassword({ email: admin.email, password: newPassword })
        expect(signedIn.error).toBeNull()

        const untouched = await tokenRequest('refresh_token', { refresh_token: bystanderSession.refreshToken }, { target: after })
        expect(untouched.status).toBe(200)
      } finally {
        await after.close()
      }
    } finally {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 90_000)
})
