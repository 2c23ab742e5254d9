import { assign, emit, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate'
import type { ApiError } from '@/lib/api-error'
import type { Lead } from '@/lib/lead-fields'
import { providedLater } from '@/lib/provided-later'
import type { RowChange } from './api/database-changes'
import type { ChangeFeedEvent } from './change-feed'
import { noDashboardStats, type DashboardStats } from './dashboard-stats'

/** What the lists hear from the dashboard: the rows changed elsewhere, and when to ask again for what they show. */
export type DashboardEmitted = RowChange | { type: 'lists.stale' }

type LeadChange = Extract<RowChange, { table: 'leads' }>

type StatsStale = { type: 'stats.stale' }

/**
 * The dashboard: the admin check first, then the stat cards from one query, asked again after each
 * change, and a feed of the changes made elsewhere (other tabs, visitors) that it passes on to the
 * lists. Without the admin role it shows nothing counted and listens to nothing.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as { stats: DashboardStats | null; statsStale: boolean },
    events: {} as { type: 'stats.refresh' } | ChangeFeedEvent | StatsStale,
    emitted: {} as DashboardEmitted,
  },
  actors: {
    requireAdmin: fromPromise<void>(async () => {
      throw new Error('requireAdmin is provided by the dashboard')
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
    /** A failed refresh keeps the cards as they were. */
    notifyStatsFailed: providedLater<unknown>(),
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
  context: { stats: null, statsStale: false },
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      invoke: {
        id: 'access',
        src: 'requireAdmin',
        onDone: 'ready',
        onError: {
          target: 'denied',
          actions: [assign({ stats: noDashboardStats }), { type: 'notifyAccessFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    ready: {
      invoke: { id: 'changes', src: 'listenForChanges' },
      on: {
        'row.added': [
          {
            guard: ({ event }) => event.table === 'leads',
            actions: [
              { type: 'passOn', params: ({ event }) => event },
              { type: 'notifyLeadAdded', params: ({ event }) => (event as LeadChange).row },
              'staleStats',
            ],
          },
          { actions: [{ type: 'passOn', params: ({ event }) => event }, 'staleStats'] },
        ],
        'row.changed': { actions: [{ type: 'passOn', params: ({ event }) => event }, 'staleStats'] },
        'changes.reconnected': { actions: ['listsStale', 'staleStats'] },
        'changes.missed': {
          actions: [{ type: 'notifyChangesTrouble', params: ({ event }) => event.error }, 'listsStale', 'staleStats'],
        },
        'changes.dropped': { actions: { type: 'notifyChangesTrouble', params: ({ event }) => event.error } },
      },
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
    denied: {},
  },
})
