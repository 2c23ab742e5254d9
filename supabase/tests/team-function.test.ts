import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
})

afterAll(async () => {
  await team?.backend.close()
})

type Client = TeamBackend['admin']['client']

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** Calls the team function through supabase-js as `client`, reading an error's status and body. */
async function invokeTeam(client: Client, body: unknown): Promise<Answer> {
  const { data, error, response } = await client.functions.invoke('team', { body: body as Record<string, unknown> })
  if (!error) return { status: response?.status ?? 200, body: data as Record<string, unknown> }
  const context = (error as { context?: Response }).context
  if (!context) throw error
  return { status: context.status, body: (await context.json()) as Record<string, unknown> }
}

const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@team.test`

async function signIn(email: string, password: string) {
  return team.anonClient().auth.signInWithPassword({ email, password })
}

async function findUser(email: string) {
  return (await team.admin.client.rpc('team_find_user', { email })).data as { user_id: string | null; is_member: boolean | null }
}

describe('adding a member', () => {
  it('creates a confirmed user with a one-time password, in the team with the role; it signs in and reads the team', async () => {
    const email = uniqueEmail('meera')
    const added = await invokeTeam(team.admin.client, { action: 'add', email: `  ${email.toUpperCase()} `, role: 'staff', display_name: 'Meera' })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ email, user_id: expect.any(String) })
    expect(added.body.password).toMatch(/^[A-Za-z2-9]{24}$/)
    const signedIn = await signIn(email, added.body.password as string)
    expect(signedIn.error).toBeNull()
    const row = await team.admin.client.from('user_roles').select('role, display_name, email').eq('user_id', added.body.user_id as string).single()
    expect(row.data).toEqual({ role: 'staff', display_name: 'Meera', email })
    const again = await invokeTeam(team.admin.client, { action: 'add', email, role: 'admin' })
    expect(again).toEqual({ status: 409, body: { code: 'already_member', message: 'That person is already in the team.' } })
  })

  it('gives a new member the email\'s name when none is given', async () => {
    const email = uniqueEmail('ravi')
    const added = await invokeTeam(team.admin.client, { action: 'add', email, role: 'admin' })
    const row = await team.admin.client.from('user_roles').select('role, display_name').eq('user_id', added.body.user_id as string).single()
    expect(row.data).toEqual({ role: 'admin', display_name: email.split('@')[0] })
  })

  it('makes an existing non-member a member with a new password', async () => {
    const added = await invokeTeam(team.admin.client, { action: 'add', email: team.nonMember.email, role: 'staff' })
    expect(added.body).toMatchObject({ user_id: team.nonMember.userId, email: team.nonMember.email })
    expect((await signIn(team.nonMember.email, team.nonMember.password)).error).not.toBeNull()
    expect((await signIn(team.nonMember.email, added.body.password as string)).error).toBeNull()
  })

  it('refuses bad input with a code, leaving no user behind', async () => {
    const email = uniqueEmail('bad')
    const cases: [unknown, number, string][] = [
      [{ action: 'add', email, role: 'owner' }, 400, 'invalid_role'],
      [{ action: 'add', email, role: '' }, 400, 'invalid_role'],
      [{ action: 'add', email, role: 'staff', display_name: '   ' }, 400, 'invalid_display_name'],
      [{ action: 'add', email, role: 'staff', display_name: 'x'.repeat(2001) }, 400, 'invalid_display_name'],
      [{ action: 'add', email, role: 'staff', display_name: 'bell\u0007' }, 400, 'invalid_display_name'],
      [{ action: 'add', email: '', role: 'staff' }, 400, 'invalid_email'],
      [{ action: 'add', email: '   ', role: 'staff' }, 400, 'invalid_email'],
      [{ action: 'add', email: `${'x'.repeat(2001)}@team.test`, role: 'staff' }, 400, 'invalid_email'],
      [{ action: 'add', email: '<script>@x.y</script>', role: 'staff' }, 400, 'invalid_email'],
      [{ action: 'add', email: 42, role: 'staff' }, 400, 'invalid_request'],
      [{ action: 'promote' }, 400, 'invalid_request'],
      [{}, 400, 'invalid_request'],
      [[1, 2], 400, 'invalid_request'],
      ['not json', 400, 'invalid_request'],
      [{ action: 'add', email, role: 'staff', padding: 'x'.repeat(20_000) }, 413, 'request_too_large'],
      [{ action: 'remove', user_id: 'nobody' }, 400, 'invalid_request'],
      [{ action: 'remove', user_id: crypto.randomUUID() }, 404, 'not_member'],
    ]
    for (const [body, status, code] of cases) {
      const answer = await invokeTeam(team.admin.client, body)
      expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.code]).toEqual([JSON.stringify(body).slice(0, 60), status, code])
      expect(answer.body.message).toEqual(expect.any(String))
    }
    expect(await findUser(email)).toEqual({ user_id: null, is_member: null })
  })
})

describe('who may manage the team', () => {
  it('staff and non-members get 403, callers without a session 401', async () => {
    const body = { action: 'add', email: uniqueEmail('nope'), role: 'admin' }
    expect(await invokeTeam(team.staff.client, body)).toMatchObject({ status: 403, body: { code: 'not_admin' } })
    const outsider = await team.createUserAndSignIn()
    expect(await invokeTeam(outsider.client, body)).toMatchObject({ status: 403, body: { code: 'not_admin' } })
    expect(await invokeTeam(team.anonClient(), body)).toMatchObject({ status: 401, body: { code: 'not_signed_in' } })
    expect(await invokeTeam(team.staff.client, { action: 'remove', user_id: team.admin.userId })).toMatchObject({ status: 403 })
    expect(await findUser(body.email)).toEqual({ user_id: null, is_member: null })
  })
})

describe('removing a member', () => {
  it('unassigns their leads with history, ends their access at once, and deletes their user', async () => {
    const member = await team.createUserAndSignIn({ role: 'staff', displayName: 'Leaving Member' })
    const lead = await arrangeLead(team.serviceClient(), { owner_id: member.userId })
    expect((await member.client.from('leads').select('id').eq('id', lead)).data).toEqual([{ id: lead }])

    expect(await invokeTeam(team.admin.client, { action: 'remove', user_id: member.userId })).toEqual({ status: 200, body: { user_id: member.userId } })

    expect((await team.admin.client.from('leads').select('owner_id').eq('id', lead).single()).data).toEqual({ owner_id: null })
    const [event] = (await team.admin.client.rpc('lead_history', { lead_id: lead })).data as { kind: string; actor_name: string; data: unknown }[]
    expect(event).toMatchObject({ kind: 'owner_changed', actor_name: 'Asha Admin', data: { from_id: member.userId, from_name: 'Leaving Member', to_id: null } })
    expect((await member.client.from('leads').select('id').eq('id', lead)).data).toEqual([])
    expect((await member.client.from('user_roles').select('user_id')).data).toEqual([])
    expect((await member.client.rpc('today_queue')).error).toMatchObject({ code: '42501' })
    expect((await member.client.from('lead_notes').insert({ lead_id: lead, body: 'still here?' })).error).not.toBeNull()
    expect((await member.client.auth.refreshSession()).error).not.toBeNull()
    expect((await signIn(member.email, member.password)).error).not.toBeNull()
    expect(await findUser(member.email)).toEqual({ user_id: null, is_member: null })
  })

  it('refuses to remove oneself', async () => {
    expect(await invokeTeam(team.admin.client, { action: 'remove', user_id: team.admin.userId })).toMatchObject({ status: 409, body: { code: 'remove_self' } })
  })
})

describe('the local /functions/v1 endpoint', () => {
  const endpoint = (name: string) => `${team.backend.url}/functions/v1/${name}`
  const headers = () => ({ apikey: team.backend.anonKey, authorization: `Bearer ${team.backend.anonKey}`, 'content-type': 'application/json' })

  it('answers 404 for an unknown function, 501 for a method other than POST, 401 without a valid token', async () => {
    expect((await fetch(endpoint('no-such-function'), { method: 'POST', headers: headers(), body: '{}' })).status).toBe(404)
    expect((await fetch(endpoint('_shared'), { method: 'POST', headers: headers(), body: '{}' })).status).toBe(404)
    expect((await fetch(endpoint('team%2F..%2Fteam'), { method: 'POST', headers: headers(), body: '{}' })).status).toBe(404)
    const get = await fetch(endpoint('team'), { headers: headers() })
    expect([get.status, ((await get.json()) as { code: string }).code]).toEqual([501, 'LOCAL501'])
    expect((await fetch(endpoint('team'), { method: 'POST', headers: { ...headers(), authorization: 'Bearer forged' }, body: '{}' })).status).toBe(401)
    expect((await fetch(endpoint('team'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401)
  })

  it('answers a browser\'s preflight for supabase-js\'s headers', async () => {
    const preflight = await fetch(endpoint('team'), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' },
    })
    expect(preflight.status).toBeLessThan(300)
    const allowed = preflight.headers.get('access-control-allow-headers') ?? ''
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) expect(allowed).toContain(header)
  })
})
