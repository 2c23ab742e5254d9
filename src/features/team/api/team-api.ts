import type { SupabaseClient } from '@supabase/supabase-js'
import * as z from 'zod/mini'
import { toApiError } from '@/lib/api-error'
import type { TeamMember, TeamRole } from '@/lib/team'
import { teamMemberColumns, teamMemberSchema } from '@/lib/team-member.schema'
import { functionError } from './function-error'

/** What adding a member answers: the new sign-in, its password shown once. */
export interface NewMemberSignIn {
  userId: string
  email: string
  password: string
}

export interface NewMember {
  email: string
  role: TeamRole
  /** Left out: the part of the email before '@'. */
  displayName?: string
}

const newSignInSchema = z.object({ user_id: z.string(), email: z.string(), password: z.string() })

export function createTeamApi(client: SupabaseClient) {
  /** Every member, by name: members may read the whole team. */
  async function fetchTeam(): Promise<TeamMember[]> {
    const { data, error } = await client.from('user_roles').select(teamMemberColumns).order('display_name').order('email')
    if (error) throw toApiError(error, 'Failed to read the team')
    return z.array(teamMemberSchema).parse(data)
  }

  /** The `team` Edge Function, called with the admin's token; it answers errors as { code, message }. */
  async function callTeamFunction(body: Record<string, unknown>, fallbackMessage: string): Promise<unknown> {
    const { data, error } = await client.functions.invoke('team', { body })
    if (error) throw await functionError(error, fallbackMessage)
    return data
  }

  /** Adds a member (a new sign-in, or an existing user given a new password); the password is in the answer only. */
  async function addMember(member: NewMember): Promise<NewMemberSignIn> {
    const body = { action: 'add', email: member.email.trim(), role: member.role, ...(member.displayName?.trim() ? { display_name: member.displayName.trim() } : {}) }
    const answer = newSignInSchema.parse(await callTeamFunction(body, 'Failed to add the member'))
    return { userId: answer.user_id, email: answer.email, password: answer.password }
  }

  /** Removes a member: their leads go back to Unassigned and their sessions end. */
  async function removeMember(userId: string): Promise<void> {
    await callTeamFunction({ action: 'remove', user_id: userId }, 'Failed to remove the member')
  }

  async function setRole(userId: string, role: TeamRole): Promise<void> {
    const { error } = await client.rpc('team_set_role', { member: userId, role })
    if (error) throw toApiError(error, 'Failed to change the role')
  }

  return { fetchTeam, addMember, removeMember, setRole }
}

export type TeamApi = ReturnType<typeof createTeamApi>
