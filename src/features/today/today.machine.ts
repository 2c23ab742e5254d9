import { assign, fromPromise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { TodayItem } from './today-item.schema'

/**
 * The Today tab: the queue read in one call, read again when something changes elsewhere
 * (`today.refresh`: the answer on its way is dropped) or after the member takes a new lead.
 */
export const todayMachine = setup({
  types: {
    context: {} as { items: TodayItem[]; taking: string | null },
    events: {} as { type: 'today.refresh' } | { type: 'today.retry' } | { type: 'lead.take'; leadId: string },
  },
  actors: {
    fetchToday: fromPromise<TodayItem[]>(async () => {
      throw new Error('fetchToday is provided by the tab')
    }),
    takeLead: fromPromise<void, string>(async () => {
      throw new Error('takeLead is provided by the tab')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyTakeFailed: providedLater<unknown>(),
    notifyTaken: providedLater(),
  },
}).createMachine({
  id: 'today',
  context: { items: [], taking: null },
  initial: 'loading',
  states: {
    loading: {
      on: { 'today.refresh': { target: 'loading', reenter: true } },
      invoke: {
        src: 'fetchToday',
        onDone: { target: 'shown', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shown: {
      on: {
        'today.refresh': 'loading',
        'lead.take': { target: 'taking', actions: assign({ taking: ({ event }) => event.leadId }) },
      },
    },
    taking: {
      invoke: {
        src: 'takeLead',
        input: ({ context }) => context.taking!,
        onDone: { target: 'loading', actions: [assign({ taking: null }), 'notifyTaken'] },
        onError: {
          target: 'loading',
          actions: [assign({ taking: null }), { type: 'notifyTakeFailed', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    failed: { on: { 'today.retry': 'loading', 'today.refresh': 'loading' } },
  },
})
