import type { DashboardApis } from '@/features/dashboard/DashboardScreen'
import type { FollowUp } from '@/features/leads/follow-ups/follow-up.schema'
import type { TodayItem } from '@/features/today/today-item.schema'
import { ApiError } from '@/lib/api-error'
import { istDateKey } from '@/lib/dayjs'
import type { Lead } from '@/lib/lead-fields'
import type { TeamMember, Viewer } from '@/lib/team'

type Recorder = <TArgs extends unknown[], TResult>(name: string, run: (...args: TArgs) => TResult) => (...args: TArgs) => Promise<Awaited<TResult>>

/**
 * The team, its settings and the Today queue held in memory, answering as the database and the team
 * function do (one-time passwords, already_member, remove_self, the queue's three parts): for
 * component tests. `team` is changed in place, so the dashboard's reads see each change.
 */
export function memoryTeamApis(record: Recorder, viewer: Viewer, team: TeamMember[], leads: () => Lead[], followUps: () => FollowUp[]) {
  const settings = { roundRobin: false }
  const memberNamed = (id: string | null) => team.find((member) => member.id === id)?.displayName ?? null
  const todayItems = (): TodayItem[] => {
    const today = istDateKey(Date.now())
    const due = followUps()
      .filter((followUp) => followUp.done_at === null && istDateKey(followUp.due_at) <= today)
      .filter((followUp) => viewer.role === 'admin' || followUp.assignee_id === viewer.id)
      .sort((a, b) => a.due_at.localeCompare(b.due_at))
    const lead = (id: string) => leads().find((stored) => stored.id === id)!
    return [
      ...due.map((followUp) => ({
        kind: 'follow_up' as const, item_id: followUp.id, lead_id: followUp.lead_id, lead_name: lead(followUp.lead_id).name, lead_phone: lead(followUp.lead_id).phone,
        at: followUp.due_at, overdue: Date.parse(followUp.due_at) < Date.now(), text: followUp.text, assignee_id: followUp.assignee_id,
        assignee_name: memberNamed(followUp.assignee_id), status: null,
      })),
      ...leads()
        .filter((stored) => stored.owner_id === null && stored.status === 'pending')
        .map((stored) => ({
          kind: 'new_lead' as const, item_id: stored.id, lead_id: stored.id, lead_name: stored.name, lead_phone: stored.phone, at: stored.created_at,
          overdue: false, text: null, assignee_id: null, assignee_name: null, status: stored.status,
        })),
    ]
  }
  const apis: Pick<DashboardApis, 'team' | 'settings'> & { today: Pick<DashboardApis['today'], 'fetchTodayQueue'> } = {
    team: {
      fetchTeam: record('fetchTeam', () => [...team]),
      addMember: record('addMember', (member: { email: string; role: TeamMember['role']; displayName?: string }) => {
        const email = member.email.trim()
        if (team.some((known) => known.email === email)) throw new ApiError('already_member', 'That person is already in the team')
        const added = { id: `00000000-0000-4000-8000-${String(team.length + 1).padStart(12, '0')}`, email, role: member.role, displayName: member.displayName?.trim() || email.split('@')[0]! }
        team.push(added)
        return { userId: added.id, email, password: `one-time-${added.id.slice(-4)}-password-xyz` }
      }),
      setRole: record('setRole', (userId: string, role: TeamMember['role']) => {
        const member = team.find((known) => known.id === userId)!
        if (role !== 'admin' && member.role === 'admin' && team.filter((known) => known.role === 'admin').length === 1) {
          throw new ApiError('last_admin', 'The team needs at least one admin')
        }
        member.role = role
      }),
      removeMember: record('removeMember', (userId: string) => {
        if (userId === viewer.id) throw new ApiError('remove_self', 'You cannot remove yourself')
        team.splice(team.findIndex((known) => known.id === userId), 1)
      }),
    },
    settings: {
      fetchRoundRobin: record('fetchRoundRobin', () => settings.roundRobin),
      setRoundRobin: record('setRoundRobin', (enabled: boolean) => (settings.roundRobin = enabled)),
    },
    today: { fetchTodayQueue: record('fetchTodayQueue', todayItems) },
  }
  return { apis, settings }
}
