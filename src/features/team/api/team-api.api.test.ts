import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anonClient, createUserAndSignIn } from '@backend/local/testing/clients'
import { createTeamApi } from './team-api'

const newEmail = () => `member-${randomUUID()}@example.com`

describe('team api through supabase-js and the team function', () => {
  it('adds a member with a one-time password they can sign in with, changes their role and removes them', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const team = createTeamApi(admin.client)
    const email = newEmail()
    const added = await team.addMember({ email: `  ${email} `, role: 'staff', displayName: 'Nila' })
    expect(added.email).toBe(email)
    expect(added.password.length).toBeGreaterThanOrEqual(20)
    const member = anonClient()
    expect((await member.auth.signInWithPassword({ email, password: added.password })).error).toBeNull()
    expect(await team.fetchTeam()).toContainEqual({ id: added.userId, displayName: 'Nila', email, role: 'staff' })
    expect((await createTeamApi(member).fetchTeam()).map((row) => row.id)).toContain(admin.userId)
    await team.setRole(added.userId, 'admin')
    expect((await team.fetchTeam()).find((row) => row.id === added.userId)?.role).toBe('admin')
    await team.removeMember(added.userId)
    expect((await team.fetchTeam()).map((row) => row.id)).not.toContain(added.userId)
    expect((await anonClient().auth.signInWithPassword({ email, password: added.password })).error).not.toBeNull()
  })

  it('answers the function\'s codes: already a member, removing oneself, a bad email; staff may not add', async () => {
    const admin = await createUserAndSignIn({ role: 'admin' })
    const team = createTeamApi(admin.client)
    await expect(team.addMember({ email: admin.email, role: 'staff' })).rejects.toMatchObject({ code: 'already_member' })
    await expect(team.removeMember(admin.userId)).rejects.toMatchObject({ code: 'remove_self' })
    await expect(team.addMember({ email: 'not an email', role: 'staff' })).rejects.toMatchObject({ code: 'invalid_email' })
    const staff = await createUserAndSignIn({ role: 'staff' })
    await expect(createTeamApi(staff.client).addMember({ email: newEmail(), role: 'staff' })).rejects.toMatchObject({ code: 'not_admin' })
    await expect(createTeamApi(staff.client).setRole(staff.userId, 'admin')).rejects.toMatchObject({ code: '42501' })
  })
})
