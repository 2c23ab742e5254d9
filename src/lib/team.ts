/** The team's roles: admins do everything; staff work their own leads and the unassigned ones. */
export const teamRoles = ['admin', 'staff'] as const
export type TeamRole = (typeof teamRoles)[number]

/** How the dashboard names a role. */
export const roleLabels: Record<TeamRole, string> = { admin: 'Admin', staff: 'Staff' }

/** A member of the team, as every member may read it. */
export interface TeamMember {
  id: string
  displayName: string
  email: string
  role: TeamRole
}

/** The signed-in member the dashboard is shown to. */
export type Viewer = TeamMember

export const isAdmin = (viewer: Pick<Viewer, 'role'>) => viewer.role === 'admin'

/** What a lead's owner is called: the member's name, or Unassigned. */
export const unassignedLabel = 'Unassigned'

/**
 * The name shown for a lead's owner. An owner missing from the team the dashboard holds (added in
 * another browser a moment ago) shows as '…' until the team is read again.
 */
export function ownerName(ownerId: string | null, team: readonly TeamMember[]): string {
  if (ownerId === null) return unassignedLabel
  return team.find((member) => member.id === ownerId)?.displayName ?? '…'
}
