import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn, serviceClient, type SignedInUser } from '../local/testing/clients.ts'

let admin: SignedInUser
let member: SignedInUser

beforeAll(async () => {
  admin = await createUserAndSignIn({ admin: true })
  member = await createUserAndSignIn()
})

function adminRoleCheck(user: SignedInUser) {
  return user.client.from('user_roles').select('role').eq('user_id', user.userId).eq('role', 'admin').single()
}

describe('admin sign-in and the admin role check', () => {
  it('refuses a wrong password with "Invalid login credentials" and no session', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: admin.email, password: 'not-the-password' })
    expect(error?.message).toBe('Invalid login credentials')
    expect(data.session).toBeNull()
  })

  it('signs in with the right password and finds its admin role row', async () => {
    const { data: signedIn, error: signInError } = await anonClient().auth.signInWithPassword({
      email: admin.email,
      password: admin.password,
    })
    expect(signInError).toBeNull()
    expect(signedIn.user?.id).toBe(admin.userId)
    const { data, error } = await adminRoleCheck(admin)
    expect(error).toBeNull()
    expect(data).toEqual({ role: 'admin' })
  })

  it('reads the whole team: every user_roles row, with names and emails', async () => {
    const other = await createUserAndSignIn({ admin: true })
    const { data, error } = await admin.client.from('user_roles').select('user_id, role, display_name, email').in('user_id', [admin.userId, other.userId])
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    expect(data).toContainEqual({ user_id: other.userId, role: 'admin', display_name: other.email.split('@')[0], email: other.email })
  })
})

describe('a signed-in user without the admin role', () => {
  it('gets PGRST116 from the admin role check', async () => {
    const { data, error } = await adminRoleCheck(member)
    expect(data).toBeNull()
    expect(error?.code).toBe('PGRST116')
  })

  it('reads no user_roles rows at all', async () => {
    const { data, error } = await member.client.from('user_roles').select('*')
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('cannot grant itself the admin role', async () => {
    const { error } = await member.client.from('user_roles').insert({ user_id: member.userId, role: 'admin' })
    expect(error?.code).toBe('42501')
    const { data } = await serviceClient().from('user_roles').select('id').eq('user_id', member.userId)
    expect(data).toEqual([])
    expect((await adminRoleCheck(member)).error?.code).toBe('PGRST116')
  })

  it('cannot change or remove an admin role row', async () => {
    const update = await member.client.from('user_roles').update({ user_id: member.userId }).eq('user_id', admin.userId)
    expect(update.error?.code).toBe('42501')
    const removal = await admin.client.from('user_roles').delete().eq('user_id', admin.userId)
    expect(removal.error?.code).toBe('42501')
    expect((await adminRoleCheck(admin)).data).toEqual({ role: 'admin' })
  })
})

describe('a visitor (anon) and the role table', () => {
  it('cannot read user_roles', async () => {
    const { data, error } = await anonClient().from('user_roles').select('*')
    expect(error?.code).toBe('42501')
    expect(data ?? []).toHaveLength(0)
  })

  it('cannot reach the private admin check through the API', async () => {
    const { data, error } = await anonClient().rpc('is_admin')
    expect(error).not.toBeNull()
    expect(data).toBeNull()
  })
})
