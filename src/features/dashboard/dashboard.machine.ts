import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate'
import type { ApiError } from '@/lib/api-error'
import type { Lead } from '@/lib/lead-fields'
import { providedLater } from '@/lib/provided-later'
import type { TeamMember, Viewer } from '@/lib/team'
import type { RowChange } from './api/database-changes'
import type { ChangeFeedEvent } from './change-feed'
import { noDashboardStats, type DashboardStats } from './dashboard-stats'

/** What the lists hear from the dashboard: the rows changed elsewhere, and when to ask again for what they show. */
export type DashboardEmitted = RowChange | { type: 'lists.stale' }

/** The tables whose changes may change a stat card: notes count nowhere. */
const countedTables: readonly RowChange['table'][] = ['leads', 'appointments', 'follow_ups', 'orders']

type StatsStale = { type: 'stats.stale' }

/** Asks again for the team: it was changed here, or a lead names an owner the dashboard does not know. */
export type TeamRefresh = { type: 'team.refresh' }

interface DashboardContext {
  /** The signed-in member, once the check has found their role. */
  viewer: Viewer | null
  /** Every member of the team, to name owners and to assign leads. */
  team: readonly TeamMember[]
  stats: DashboardStats | null
  statsStale: boolean
}

/** A lead whose owner the team the dashboard holds does not name: someone joined in another browser. */
function ownerUnknown(context: DashboardContext, change: RowChange): boolean {
  if (change.table !== 'leads' || change.row.owner_id === null) return false
  const ownerId = change.row.owner_id
  return !context.team.some((member) => member.id === ownerId)
}

/**
 * The dashboard: the member check first (which also says the role), then the stat cards from one
 * query, asked again after each change, the team (to name owners), and a feed of the changes made
 * elsewhere (other tabs, visitors) that it passes on to the lists. Without a role it shows nothing
 * counted and listens to nothing.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as { type: 'stats.refresh' } | ChangeFeedEvent | StatsStale | TeamRefresh,
    emitted: {} as DashboardEmitted,
  },
  actors: {
    requireMember: fromPromise<Viewer>(async () => {
      throw new Error('requireMember is provided by the dashboard')
    }),
    fetchTeam: fromPromise<readonly TeamMember[]>(async () => {
      throw new Error('fetchTeam is provided by the dashboard')
    }),
    fetchStats: fromPromise<DashboardStats>(async () => {
      throw new Error('fetchStats is provided by the dashboard')
    }),
    listenForChanges: fromCallback<EventObject, undefined, ChangeFeedEvent>(() => {
      throw new Error('listenForChanges is provided by the dashboard')
    }),
  },
  actions: {
    notifyAccessFailed: providedLater<unknown>(),
    /** A failed refresh keeps the cards (or the team) as they were. */
    notifyStatsFailed: providedLater<unknown>(),
    notifyTeamFailed: providedLater<unknown>(),
    notifyLeadAdded: providedLater<Lead>(),
    /** Changes may be missed: worth a line in the log, not a word to the admin while supabase-js retries. */
    notifyChangesTrouble: providedLater<ApiError>(),
    /** Every change may change a count: the cards ask again once a burst has passed. */
    staleStats: raise({ type: 'stats.stale' }),
    passOn: emit((_, change: DashboardEmitted) => change),
    listsStale: emit({ type: 'lists.stale' }),
  },
  delays: {
    /** Changes arriving together are counted with one request. */
    statsSettle: 300,
  },
}).createMachine({
  id: 'dashboard',
  context: { viewer: null, team: [], stats: null, statsStale: false },
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      invoke: {
        id: 'access',
        src: 'requireMember',
        onDone: { target: 'ready', actions: assign({ viewer: ({ event }) => event.output }) },
        onError: {
          target: 'denied',
          actions: [assign({ stats: noDashboardStats }), { type: 'notifyAccessFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    ready: {
      invoke: { id: 'changes', src: 'listenForChanges' },
      on: {
        // Each change goes on to the lists; a new lead is announced; the team and the cards are asked again when the change may alter them.
        'row.*': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (event.type !== 'row.added' && event.type !== 'row.changed') return
            enqueue({ type: 'passOn', params: event })
            if (event.type === 'row.added' && event.table === 'leads') enqueue({ type: 'notifyLeadAdded', params: event.row })
            if (ownerUnknown(context, event)) enqueue.raise({ type: 'team.refresh' })
            if (countedTables.includes(event.table)) enqueue('staleStats')
          }),
        },
        'changes.reconnected': { actions: ['listsStale', 'staleStats'] },
        'changes.missed': {
          actions: [{ type: 'notifyChangesTrouble', params: ({ event }) => event.error }, 'listsStale', 'staleStats'],
        },
        'changes.dropped': { actions: { type: 'notifyChangesTrouble', params: ({ event }) => event.error } },
      },
      type: 'parallel',
      states: {
        stats: {
          initial: 'loadingStats',
          states: {
            loadingStats: {
              entry: assign({ statsStale: false }),
              on: {
                'stats.refresh': { target: 'loadingStats', reenter: true },
                // The answer on its way may predate the change: ask again after it.
                'stats.stale': { actions: assign({ statsStale: true }) },
              },
              invoke: {
                id: 'stats',
                src: 'fetchStats',
                onDone: [
                  { guard: ({ context }) => context.statsStale, target: 'settling', actions: assign({ stats: ({ event }) => event.output }) },
                  { target: 'statsShown', actions: assign({ stats: ({ event }) => event.output }) },
                ],
                onError: { target: 'statsShown', actions: { type: 'notifyStatsFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
            settling: {
              on: { 'stats.refresh': 'loadingStats' },
              after: { statsSettle: 'loadingStats' },
            },
            statsShown: { on: { 'stats.refresh': 'loadingStats', 'stats.stale': 'settling' } },
          },
        },
        team: {
          initial: 'loadingTeam',
          states: {
            loadingTeam: {
              on: { 'team.refresh': { target: 'loadingTeam', reenter: true } },
              invoke: {
                id: 'team',
                src: 'fetchTeam',
                onDone: { target: 'teamShown', actions: assign({ team: ({ event }) => event.output }) },
                onError: { target: 'teamShown', actions: { type: 'notifyTeamFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
              },
            },
            teamShown: { on: { 'team.refresh': 'loadingTeam' } },
          },
        },
      },
    },
    denied: {},
  },
})
