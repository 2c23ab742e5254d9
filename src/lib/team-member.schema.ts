import * as z from 'zod/mini'
import { teamRoles, type TeamMember } from './team'

/** The columns of public.user_roles that describe a member. */
export const teamMemberColumns = 'user_id, role, display_name, email'

/** A row of public.user_roles, as the dashboard names its fields. */
export const teamMemberSchema: z.ZodMiniType<TeamMember, unknown> = z.pipe(
  z.object({ user_id: z.string(), role: z.enum(teamRoles), display_name: z.string(), email: z.string() }),
  z.transform((row) => ({ id: row.user_id, displayName: row.display_name, email: row.email, role: row.role })),
)
