import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { corsHeaders, EdgeError, errorResponse, jsonResponse, type EdgeEnvironment, type EdgeHandler } from '../_shared/edge-handler.ts'
import { oneTimePassword } from './one-time-password.ts'
import { readTeamRequest, type TeamRequest } from './team-request.ts'

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

interface Clients {
  /** As the admin who called: the database decides what they may do, and the history names them. */
  caller: SupabaseClient
  /** Auth's admin API only. */
  service: SupabaseClient
}

interface RpcAnswer<T> {
  data: T | null
  error: { code?: string; message: string } | null
  status: number
}

/** The database's refusal as this function's answer: 401 and 403 say who may; its own codes pass through. */
function refusal(answer: RpcAnswer<unknown>): EdgeError {
  const { error, status } = answer
  if (status === 401) return new EdgeError(401, 'not_signed_in', 'Sign in as an admin to manage the team.')
  if (error?.code === '42501') return new EdgeError(403, 'not_admin', 'Only admins may manage the team.')
  if (status >= 400 && status < 500) return new EdgeError(status, error?.code ?? 'refused', error?.message ?? 'Refused.')
  return new EdgeError(502, 'database_unavailable', 'The database did not answer; try again.')
}

async function call<T>(answer: PromiseLike<RpcAnswer<T>>): Promise<T> {
  const settled = await answer
  if (settled.error) throw refusal(settled)
  return settled.data as T
}

interface AuthProblem {
  message: string
  status?: number
  code?: string
}

/** Auth's refusal of a user change: the only input it checks here is the email (the password is generated). */
function authFailed(problem: AuthProblem): EdgeError {
  if (problem.code === 'email_exists') return new EdgeError(409, 'email_exists', 'A user with this email was added meanwhile; try again.')
  if (problem.status !== undefined && problem.status >= 400 && problem.status < 500) return new EdgeError(400, 'invalid_email', problem.message)
  return new EdgeError(502, 'auth_failed', `Auth did not make the change: ${problem.message}`)
}

async function addMember(clients: Clients, request: Extract<TeamRequest, { action: 'add' }>) {
  const found = await call<{ user_id: string | null; is_member: boolean | null }>(clients.caller.rpc('team_find_user', { email: request.email }))
  if (found.is_member) throw new EdgeError(409, 'already_member', 'That person is already in the team.')
  const password = oneTimePassword()
  const addRole = (userId: string) =>
    call(clients.caller.rpc('team_add_member', { member: userId, role: request.role, display_name: request.displayName }))
  if (found.user_id) {
    await addRole(found.user_id)
    const updated = await clients.service.auth.admin.updateUserById(found.user_id, { password, email_confirm: true })
    if (updated.error) throw authFailed(updated.error)
    return { user_id: found.user_id, email: request.email, password }
  }
  const created = await clients.service.auth.admin.createUser({ email: request.email, password, email_confirm: true })
  if (created.error) throw authFailed(created.error)
  const userId = created.data.user.id
  try {
    await addRole(userId)
  } catch (error) {
    await clients.service.auth.admin.deleteUser(userId)
    throw error
  }
  return { user_id: userId, email: request.email, password }
}

async function removeMember(clients: Clients, request: Extract<TeamRequest, { action: 'remove' }>) {
  await call(clients.caller.rpc('team_remove_member', { member: request.userId }))
  const deleted = await clients.service.auth.admin.deleteUser(request.userId)
  if (deleted.error) throw authFailed(deleted.error)
  return { user_id: request.userId }
}

function clientsFor(authorization: string, env: EdgeEnvironment): Clients {
  return {
    caller: createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, { auth: noSession, global: { headers: { Authorization: authorization } } }),
    service: createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: noSession }),
  }
}

/**
 * `team`: admins add a member (a new or existing Auth user, with a one-time password answered once)
 * or remove one (their leads unassigned, then their Auth user deleted, which ends their sessions).
 */
export const handler: EdgeHandler = async (request, env) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders })
  try {
    if (request.method !== 'POST') throw new EdgeError(405, 'method_not_allowed', 'Call the team function with POST.')
    const authorization = request.headers.get('Authorization')
    if (!authorization?.startsWith('Bearer ')) throw new EdgeError(401, 'not_signed_in', 'Sign in as an admin to manage the team.')
    const teamRequest = await readTeamRequest(request)
    const clients = clientsFor(authorization, env)
    const answer = teamRequest.action === 'add' ? await addMember(clients, teamRequest) : await removeMember(clients, teamRequest)
    return jsonResponse(200, answer)
  } catch (error) {
    if (error instanceof EdgeError) return errorResponse(error)
    console.error('[team] unexpected error:', error)
    return errorResponse(new EdgeError(500, 'internal_error', 'Something went wrong; try again.'))
  }
}
