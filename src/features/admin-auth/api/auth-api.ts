import type { SupabaseClient } from '@supabase/supabase-js'
import { adminAccessRequiredMessage, ApiError, errorCodes, toApiError } from '@/lib/api-error'
import type { Viewer } from '@/lib/team'
import { teamMemberColumns, teamMemberSchema } from '@/lib/team-member.schema'

export interface AdminUser {
  id: string
  email: string
}

export function createAuthApi(client: SupabaseClient) {
  async function signIn(email: string, password: string): Promise<AdminUser> {
    const { data, error } = await client.auth.signInWithPassword({ email, password })
    if (error) throw toApiError(error, 'Failed to sign in')
    return { id: data.user.id, email: data.user.email ?? email }
  }

  async function signOut(): Promise<void> {
    const { error } = await client.auth.signOut()
    if (error) throw toApiError(error, 'Failed to sign out')
  }

  /** The user of the stored session, if any. */
  async function currentSessionUser(): Promise<AdminUser | null> {
    const { data, error } = await client.auth.getSession()
    if (error) throw toApiError(error, 'Failed to read the session')
    const user = data.session?.user
    return user ? { id: user.id, email: user.email ?? '' } : null
  }

  /** Calls back with the user (or null) on every sign-in, sign-out and token refresh. */
  function onSessionChange(listener: (user: AdminUser | null) => void): () => void {
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      const user = session?.user
      listener(user ? { id: user.id, email: user.email ?? '' } : null)
    })
    return () => data.subscription.unsubscribe()
  }

  /**
   * The signed-in member with their role and name; throws (admin_access_required, the spec's message)
   * unless the user holds a role of the team.
   */
  async function requireMember(): Promise<Viewer> {
    const { data: userData, error: userError } = await client.auth.getUser()
    if (userError || !userData.user) throw new ApiError(errorCodes.notAuthenticated, 'User not authenticated')
    const { data, error } = await client
      .from('user_roles')
      .select(teamMemberColumns)
      .eq('user_id', userData.user.id)
      .maybeSingle()
    if (error) throw toApiError(error, adminAccessRequiredMessage)
    if (!data) throw new ApiError(errorCodes.adminAccessRequired, adminAccessRequiredMessage)
    return teamMemberSchema.parse(data)
  }

  return { signIn, signOut, currentSessionUser, onSessionChange, requireMember }
}

export type AuthApi = ReturnType<typeof createAuthApi>
