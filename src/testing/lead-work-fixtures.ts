import type { FollowUp } from '@/features/leads/follow-ups/follow-up.schema'
import type { LeadNote } from '@/features/leads/notes/note.schema'
import type { TeamMember } from '@/lib/team'

/** An admin and two staff members: for unit tests of the dashboard. */
export const aTeam = {
  admin: { id: '00000000-0000-4000-8000-00000000a001', displayName: 'Asha Rao', email: 'asha@example.com', role: 'admin' },
  staff: { id: '00000000-0000-4000-8000-00000000b001', displayName: 'Ravi Kumar', email: 'ravi@example.com', role: 'staff' },
  otherStaff: { id: '00000000-0000-4000-8000-00000000b002', displayName: 'Meera Das', email: 'meera@example.com', role: 'staff' },
} as const satisfies Record<string, TeamMember>

/** A note as the dashboard reads it. */
export function aNote(overrides: Partial<LeadNote> = {}): LeadNote {
  return {
    id: 'note-1',
    lead_id: 'lead-1',
    author_id: aTeam.staff.id,
    author_name: aTeam.staff.displayName,
    body: 'Called; wants a rose gold band.',
    created_at: '2026-11-20T05:00:00.000Z',
    updated_at: '2026-11-20T05:00:00.000Z',
    ...overrides,
  }
}

/** A follow-up as the dashboard reads it. */
export function aFollowUp(overrides: Partial<FollowUp> = {}): FollowUp {
  return {
    id: 'follow-up-1',
    lead_id: 'lead-1',
    assignee_id: aTeam.staff.id,
    created_by: aTeam.staff.id,
    due_at: '2026-11-21T05:30:00.000Z',
    text: 'Send the sketches',
    done_at: null,
    done_by: null,
    created_at: '2026-11-20T05:00:00.000Z',
    updated_at: '2026-11-20T05:00:00.000Z',
    ...overrides,
  }
}
