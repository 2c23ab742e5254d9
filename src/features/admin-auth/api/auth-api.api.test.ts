import { describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn } from '@backend/local/testing/clients'
import { createAuthApi } from './auth-api'

describe('auth api against the local backend', () => {
  it('signs an admin in and passes the member check, which names the role', async () => {
    const admin = await createUserAndSignIn({ admin: true })
    const api = createAuthApi(anonClient())
    const user = await api.signIn(admin.email, admin.password)
    expect(user).toEqual({ id: admin.userId, email: admin.email })
    await expect(api.requireMember()).resolves.toMatchObject({ id: admin.userId, email: admin.email, role: 'admin' })
  })

  it('reports wrong credentials with the backend message', async () => {
    const admin = await createUserAndSignIn({ admin: true })
    const api = createAuthApi(anonClient())
    await expect(api.signIn(admin.email, 'not the password')).rejects.toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
  })

  it('refuses the member check without a role of the team', async () => {
    const user = await createUserAndSignIn()
    await expect(createAuthApi(user.client).requireMember()).rejects.toMatchObject({
      code: 'admin_access_required',
      message: 'Admin access required. Please contact administrator to assign admin role.',
    })
  })

  it('says User not authenticated without a session', async () => {
    await expect(createAuthApi(anonClient()).requireMember()).rejects.toMatchObject({
      code: 'not_authenticated',
      message: 'User not authenticated',
    })
  })

  it('signs out so the session is gone', async () => {
    const admin = await createUserAndSignIn({ admin: true })
    const api = createAuthApi(admin.client)
    expect(await api.currentSessionUser()).toMatchObject({ id: admin.userId })
    await api.signOut()
    expect(await api.currentSessionUser()).toBeNull()
  })
})
