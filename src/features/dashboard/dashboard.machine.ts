import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '../../lib/provided-later'
import { noDashboardStats, type DashboardStats } from './dashboard-stats'

/**
 * The dashboard: the admin check first, then the stat cards from one query, asked again after each
 * change (the lists ask for their own rows). Without the admin role it shows nothing counted.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as { stats: DashboardStats | null },
    events: {} as { type: 'stats.refresh' },
  },
  actors: {
    requireAdmin: fromPromise<void>(async () => {
      throw new Error('requireAdmin is provided by the dashboard')
    }),
    fetchStats: fromPromise<DashboardStats>(async () => {
      throw new Error('fetchStats is provided by the dashboard')
    }),
  },
  actions: {
    notifyAccessFailed: providedLater<unknown>(),
    /** A failed refresh keeps the cards as they were. */
    notifyStatsFailed: providedLater<unknown>(),
  },
}).createMachine({
  id: 'dashboard',
  context: { stats: null },
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
      initial: 'loadingStats',
      states: {
        loadingStats: {
          on: { 'stats.refresh': { target: 'loadingStats', reenter: true } },
          invoke: {
            id: 'stats',
            src: 'fetchStats',
            onDone: { target: 'statsShown', actions: assign({ stats: ({ event }) => event.output }) },
            onError: { target: 'statsShown', actions: { type: 'notifyStatsFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        statsShown: { on: { 'stats.refresh': 'loadingStats' } },
      },
    },
    denied: {},
  },
})
