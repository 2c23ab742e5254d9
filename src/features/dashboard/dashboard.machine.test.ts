import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { Lead } from '@/lib/lead-fields'
import type { TeamMember, Viewer } from '@/lib/team'
import { anAppointmentRow } from '@/testing/appointment-fixtures'
import { fakeChangeSource } from '@/testing/fake-change-source'
import { aFollowUp, aNote } from '@/testing/lead-work-fixtures'
import { aLead } from '@/testing/lead-fixtures'
import { changeFeed } from './change-feed'
import { dashboardMachine, type DashboardEmitted } from './dashboard.machine'
import { noDashboardStats, type DashboardStats } from './dashboard-stats'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const admin: Viewer = { id: 'admin-1', displayName: 'Asha', email: 'asha@example.com', role: 'admin' }
const newcomer: TeamMember = { id: 'staff-9', displayName: 'Ravi', email: 'ravi@example.com', role: 'staff' }

/** The dashboard with a change feed the test drives, stats answered at once, and time on a simulated clock. */
function startDashboard(options: { member?: boolean } = {}) {
  const source = fakeChangeSource()
  const clock = new SimulatedClock()
  const statsAsked: DashboardStats[] = []
  const teamAsked: TeamMember[][] = []
  const announced: Lead[] = []
  const troubles: string[] = []
  const machine = dashboardMachine.provide({
    actors: {
      requireMember: fromPromise<Viewer>(async () => {
        if (options.member === false) throw new Error('not a member')
        return admin
      }),
      fetchTeam: fromPromise<readonly TeamMember[]>(async () => {
        const team = teamAsked.length === 0 ? [admin] : [admin, newcomer]
        teamAsked.push(team)
        return team
      }),
      fetchStats: fromPromise<DashboardStats>(async () => {
        const stats = { ...noDashboardStats, totalLeads: statsAsked.length }
        statsAsked.push(stats)
        return stats
      }),
      listenForChanges: changeFeed(source.api),
    },
    actions: {
      notifyLeadAdded: (_, lead) => announced.push(lead),
      notifyChangesTrouble: (_, error) => troubles.push(error.code),
    },
  })
  const actor = createActor(machine, { clock })
  const emitted: DashboardEmitted[] = []
  for (const type of ['row.added', 'row.changed', 'lists.stale'] as const) {
    actor.on(type, (event) => emitted.push(event))
  }
  actor.start()
  return { actor, clock, source, statsAsked, teamAsked, announced, troubles, emitted }
}

describe('dashboard machine: changes made elsewhere', () => {
  it('passes a new lead on to the lists, announces it, and counts again once', async () => {
    const dashboard = startDashboard()
    await settle()
    dashboard.source.subscribe()
    expect(dashboard.statsAsked).toHaveLength(1)
    const lead = aLead({ id: 'new-1', name: 'Priya Sharma' })
    dashboard.source.change({ type: 'row.added', table: 'leads', row: lead })
    expect(dashboard.emitted).toEqual([{ type: 'row.added', table: 'leads', row: lead }])
    expect(dashboard.announced).toEqual([lead])
    expect(dashboard.emitted.filter((event) => event.type === 'lists.stale')).toEqual([])
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(2)
    expect(dashboard.actor.getSnapshot().context.stats?.totalLeads).toBe(1)
  })

  it('counts a burst of changes with one stats request', async () => {
    const dashboard = startDashboard()
    await settle()
    dashboard.source.subscribe()
    for (let index = 0; index < 5; index += 1) {
      dashboard.source.change({ type: 'row.added', table: 'leads', row: aLead({ id: `burst-${index}` }) })
      dashboard.clock.increment(50)
    }
    dashboard.source.change({ type: 'row.changed', table: 'appointments', row: anAppointmentRow({ id: 'a1' }) })
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(2)
    expect(dashboard.announced).toHaveLength(5)
    expect(dashboard.emitted.map((event) => event.type)).toEqual([...Array(5).fill('row.added'), 'row.changed'])
  })

  it('asks again after an answer that may predate a change made while it was on its way', async () => {
    const dashboard = startDashboard()
    dashboard.actor.send({ type: 'stats.refresh' })
    await settle()
    expect(dashboard.statsAsked).toHaveLength(1)
    dashboard.actor.send({ type: 'stats.refresh' })
    dashboard.source.change({ type: 'row.changed', table: 'leads', row: aLead({ id: 'changed' }) })
    await settle()
    expect(dashboard.statsAsked).toHaveLength(2)
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(3)
  })

  it('after a drop, listening again makes the lists and the cards ask for what they show; the first subscription does not', async () => {
    const dashboard = startDashboard()
    await settle()
    dashboard.source.subscribe()
    dashboard.clock.increment(1000)
    await settle()
    expect(dashboard.emitted).toEqual([])
    expect(dashboard.statsAsked).toHaveLength(1)

    dashboard.source.drop()
    dashboard.clock.increment(1000)
    await settle()
    expect(dashboard.emitted).toEqual([])
    expect(dashboard.troubles).toEqual(['changes_dropped'])

    dashboard.source.subscribe()
    expect(dashboard.emitted).toEqual([{ type: 'lists.stale' }])
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(2)
    dashboard.source.subscribe()
    expect(dashboard.emitted).toHaveLength(1)
  })

  it('a change it cannot read makes the lists ask again instead of dropping it silently', async () => {
    const dashboard = startDashboard()
    await settle()
    dashboard.source.unreadable()
    expect(dashboard.emitted).toEqual([{ type: 'lists.stale' }])
    expect(dashboard.troubles).toEqual(['change_unreadable'])
  })

  it('listens only while a role of the team is confirmed, and stops with the dashboard', async () => {
    const refused = startDashboard({ member: false })
    await settle()
    expect(refused.actor.getSnapshot().value).toBe('denied')
    expect(refused.source.listening()).toBe(0)

    const admin = startDashboard()
    await settle()
    expect(admin.source.listening()).toBe(1)
    admin.actor.stop()
    expect(admin.source.listening()).toBe(0)
  })

  it('knows who is signed in and the team, and reads the team again when a lead names an owner it does not know', async () => {
    const dashboard = startDashboard()
    await settle()
    expect(dashboard.actor.getSnapshot().context).toMatchObject({ viewer: admin, team: [admin] })
    dashboard.source.change({ type: 'row.changed', table: 'leads', row: aLead({ id: 'mine', owner_id: admin.id }) })
    await settle()
    expect(dashboard.teamAsked).toHaveLength(1)
    dashboard.source.change({ type: 'row.changed', table: 'leads', row: aLead({ id: 'taken', owner_id: newcomer.id }) })
    await settle()
    expect(dashboard.teamAsked).toHaveLength(2)
    expect(dashboard.actor.getSnapshot().context.team).toEqual([admin, newcomer])
    dashboard.actor.send({ type: 'team.refresh' })
    await settle()
    expect(dashboard.teamAsked).toHaveLength(3)
  })

  it('passes notes and follow-ups on to the lists; a follow-up may change the overdue card, a note changes no card', async () => {
    const dashboard = startDashboard()
    await settle()
    dashboard.source.subscribe()
    const note = aNote({ id: 'n1' })
    dashboard.source.change({ type: 'row.added', table: 'lead_notes', row: note })
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(1)
    expect(dashboard.announced).toEqual([])
    const followUp = aFollowUp({ id: 'f1' })
    dashboard.source.change({ type: 'row.changed', table: 'follow_ups', row: followUp })
    dashboard.clock.increment(300)
    await settle()
    expect(dashboard.statsAsked).toHaveLength(2)
    expect(dashboard.emitted).toEqual([
      { type: 'row.added', table: 'lead_notes', row: note },
      { type: 'row.changed', table: 'follow_ups', row: followUp },
    ])
  })
})
